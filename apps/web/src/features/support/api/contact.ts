/** GET /contact (002 §2.13, §7): the support team's contact details. Public; cached for 5 minutes. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DETAIL_CACHE_MS, type ContactResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export function fetchContact(signal?: AbortSignal): Promise<ContactResponse> {
  // The page shows its own error state; a public page never redirects on 401/403.
  return api.get<ContactResponse>('/contact', undefined, { signal, quiet: true, noRedirect: true });
}

export const contactQuery = queryOptions({
  queryKey: ['contact'],
  queryFn: ({ signal }) => fetchContact(signal),
  staleTime: DETAIL_CACHE_MS,
});

export function useContact() {
  return useQuery(contactQuery);
}
