/**
 * Enrolment tokens (docs/decisions/devices.md "Enrolment tokens"): GET /enrolment_tokens, POST
 * /enrolment_tokens (the answer holds the secret, once), POST /enrolment_tokens/revoke.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  EnrolmentTokenCreateRequest,
  EnrolmentTokenCreateResponse,
  EnrolmentTokenRevokeRequest,
  EnrolmentTokenRevokeResponse,
  EnrolmentTokensResponse,
} from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export const enrolmentTokensKey = ['enrolment_tokens'] as const;
/** The devices resource's key prefix (features/devices/api/keys.ts): devices a revoke retired leave its lists. */
const DEVICES_PREFIX = ['devices'] as const;

export const enrolmentTokensQuery = queryOptions({
  queryKey: enrolmentTokensKey,
  queryFn: ({ signal }) => api.get<EnrolmentTokensResponse>('/enrolment_tokens', undefined, { signal }),
});

export function useEnrolmentTokens() {
  return useQuery(enrolmentTokensQuery);
}

export const createEnrolmentTokenAction: ActionDef<EnrolmentTokenCreateRequest, EnrolmentTokenCreateResponse> = {
  send: (body) => api.post<EnrolmentTokenCreateResponse>('/enrolment_tokens', body, { quiet: true }),
  refresh: (_, outcome) => (outcome.ok ? [enrolmentTokensKey] : []),
};

export const revokeEnrolmentTokenAction: ActionDef<EnrolmentTokenRevokeRequest, EnrolmentTokenRevokeResponse> = {
  send: (body) => api.post<EnrolmentTokenRevokeResponse>('/enrolment_tokens/revoke', body, { quiet: true }),
  // A refusal (revoked meanwhile by another administrator) means the list on screen is stale too;
  // devices it retired leave the devices list (issue 25).
  refresh: (body) => [enrolmentTokensKey, body.retire_devices === true && DEVICES_PREFIX],
};
