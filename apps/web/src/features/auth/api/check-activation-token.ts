/** GET /check_activation_token (000 §7.1, §4.3): is the link still good, and whose is it. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ACTIVATION_TOKEN_LENGTH, type checkActivationTokenResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';

export type CheckActivationTokenResponse = z.infer<typeof checkActivationTokenResponse>;

export function checkActivationTokenQuery(token: string) {
  return queryOptions({
    queryKey: ['auth', 'check_activation_token', token],
    queryFn: ({ signal }) =>
      api.get<CheckActivationTokenResponse>(
        '/check_activation_token',
        { token },
        { quiet: true, noRedirect: true, signal },
      ),
    // The answer changes only when the link is used; a refetch on focus would just cost a rate-limit hit.
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Runs only for a token of the right length; the page shows the length message itself otherwise. */
export function useCheckActivationToken(token: string) {
  return useQuery({ ...checkActivationTokenQuery(token), enabled: token.length === ACTIVATION_TOKEN_LENGTH });
}
