/**
 * The provider's review team API (issue 11), each endpoint once, through lib/api-client.ts
 * `providerApi` (PROVIDER_BASE, the team's own CSRF token and sign-in page).
 */
import type {
  ProviderDeactivateResponse,
  ProviderTeamResponse,
  ProviderDecideRequest,
  ProviderDecideResponse,
  ProviderLoginRequest,
  ProviderLoginResponse,
  ProviderSessionResponse,
  SuccessResponse,
} from '@wayguard/contracts';
import { providerApi, providerCsrf, providerSessionHint } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export const providerKeys = {
  all: ['provider'] as const,
  session: () => [...providerKeys.all, 'session'] as const,
  /** The queue's pages (lib/queue-list.ts adds each page's parameters). */
  queue: () => [...providerKeys.all, 'queue'] as const,
  team: () => [...providerKeys.all, 'team'] as const,
};

/** Who is signed in (a 401 goes to /provider/login); keeps the session's CSRF token for this tab. */
export async function fetchProviderSession(): Promise<ProviderSessionResponse> {
  const s = await providerApi.get<ProviderSessionResponse>('/session');
  providerCsrf.set(s.csrf_token);
  providerSessionHint.set();
  return s;
}

/**
 * Signs in (password, then code: issue 25); the page shows a refusal inline (no toast, no redirect). A
 * refusal's ApiError body may carry `captcha_challenge` (captchaChallengeOf).
 */
export async function providerSignIn(body: ProviderLoginRequest): Promise<ProviderLoginResponse> {
  const s = await providerApi.post<ProviderLoginResponse>('/login', body, { quiet: true, noRedirect: true });
  if (s.success) {
    providerCsrf.set(s.csrf_token);
    providerSessionHint.set();
  }
  return s;
}

/** The captcha challenge a sign-in refusal handed over, if any. */
export function captchaChallengeOf(body: unknown): string | null {
  const c = (body as { captcha_challenge?: unknown } | null)?.captcha_challenge;
  return typeof c === 'string' ? c : null;
}

export async function providerSignOut(): Promise<void> {
  await providerApi.post<SuccessResponse>('/logout', {}, { quiet: true, noRedirect: true }).catch(() => undefined);
  providerCsrf.clear();
  providerSessionHint.clear();
}

/** A decision (useAction): the queue is asked again whatever the answer (another member may have decided). */
export const providerDecideAction = {
  send: (body: ProviderDecideRequest) => providerApi.post<ProviderDecideResponse>('/decide', body, { quiet: true }),
  refresh: () => [providerKeys.queue()],
} satisfies ActionDef<ProviderDecideRequest, ProviderDecideResponse>;

/** The team's members (issue 25). */
export const fetchTeam = (signal?: AbortSignal) =>
  providerApi.get<ProviderTeamResponse>('/team', undefined, { signal });

/** Deactivates a member; the page shows the answer's text (or the refusal's) as a toast. */
export const deactivateMember = (id: number) =>
  providerApi.post<ProviderDeactivateResponse>('/team/deactivate', { id }, { quiet: true });
