/** GET /account, read for its logo only: the dashboard's logo tile (000 §2.3, §3.6). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DETAIL_CACHE_MS } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

type AccountLogo = { data: string; filename: string } | null;
type AccountWithLogo = { logo?: AccountLogo };

export function fetchAccount(signal?: AbortSignal): Promise<AccountWithLogo> {
  // quiet: a missing logo is not worth an error toast on the dashboard
  return api.get<AccountWithLogo>('/account', undefined, { signal, quiet: true });
}

const MIME_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
};

/** The logo as an <img> source: a data URL as stored, or base64 data typed by its file name. */
export function logoSource(logo: AccountLogo | undefined): string | null {
  if (!logo?.data) return null;
  if (logo.data.startsWith('data:')) return logo.data;
  const ext = logo.filename.split('.').pop()?.toLowerCase() ?? '';
  return `data:${MIME_BY_EXTENSION[ext] ?? 'image/png'};base64,${logo.data}`;
}

export const accountQuery = queryOptions({
  queryKey: ['account'],
  queryFn: ({ signal }) => fetchAccount(signal),
  staleTime: DETAIL_CACHE_MS,
});

export function useAccountLogo() {
  return useQuery({ ...accountQuery, select: (account) => logoSource(account.logo) });
}
