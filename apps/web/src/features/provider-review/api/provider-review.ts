/**
 * The provider's review team API (issue 11), each endpoint once, through lib/api-client.ts
 * `providerApi` (PROVIDER_BASE, the team's own CSRF token and sign-in page).
 */
import type {
  ProviderDecideRequest,
  ProviderDecideResponse,
  ProviderLoginRequest,
  ProviderQueueSort,
  ProviderQueueResponse,
  ProviderSessionResponse,
  ProviderThreadKind,
  SuccessResponse,
} from '@wayguard/contracts';
import { providerApi, providerCsrf } from '../../../lib/api-client';

/** The queue's parameters as the screen sends them (contracts providerQueueQuery). */
export type QueueParams = {
  page: number;
  count: number;
  sort_by: ProviderQueueSort;
  reverse_order?: '1' | undefined;
  query?: string | undefined;
  kind?: ProviderThreadKind | undefined;
};

export const providerKeys = {
  all: ['provider'] as const,
  session: () => [...providerKeys.all, 'session'] as const,
  queue: (q: QueueParams) => [...providerKeys.all, 'queue', q] as const,
};

/** Who is signed in (a 401 goes to /provider/login); keeps the session's CSRF token for this tab. */
export async function fetchProviderSession(): Promise<ProviderSessionResponse> {
  const s = await providerApi.get<ProviderSessionResponse>('/session');
  providerCsrf.set(s.csrf_token);
  return s;
}

/** Signs in; the page shows a refusal inline (no toast, no redirect). */
export async function providerSignIn(body: ProviderLoginRequest): Promise<ProviderSessionResponse> {
  const s = await providerApi.post<ProviderSessionResponse>('/login', body, { quiet: true, noRedirect: true });
  providerCsrf.set(s.csrf_token);
  return s;
}

export async function providerSignOut(): Promise<void> {
  await providerApi.post<SuccessResponse>('/logout', {}, { quiet: true, noRedirect: true }).catch(() => undefined);
  providerCsrf.clear();
}

export const fetchQueue = (q: QueueParams, signal?: AbortSignal) =>
  providerApi.get<ProviderQueueResponse>('/queue', q, { signal });

/** A decision; the screen shows the answer's text (or the refusal's) as a toast. */
export const decide = (body: ProviderDecideRequest) =>
  providerApi.post<ProviderDecideResponse>('/decide', body, { quiet: true });
