/**
 * The impact preview of an approval (issue 11): POST /node/web_access/impact with the request threads
 * (or the category) and, for a website group, the group joined. A read, not an action: it changes
 * nothing, runs while the dialog shows it, and is kept a few seconds for the same question. Its key
 * starts with the requests' prefix, so a decision refetches it.
 */
import { useQuery } from '@tanstack/react-query';
import type { ImpactRequest, ImpactResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function useApprovalImpact(body: ImpactRequest | null) {
  return useQuery({
    queryKey: requestsKeys.impact(body),
    queryFn: ({ signal }) => api.post<ImpactResponse>('/node/web_access/impact', body, { signal, quiet: true }),
    enabled: body !== null,
    staleTime: 10_000,
    retry: false,
  });
}
