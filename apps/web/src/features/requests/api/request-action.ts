/**
 * POST /requests (001 §4, §7): approve (by association), deny, block, allow for other devices, request
 * review, on one row or a batch. The answer is a per-item result list; the screen turns it into the
 * result toasts (contracts' requestResultToasts). Every requests query and the menu's counts are
 * refetched, after a failure too (a request someone else processed meanwhile is stale on screen).
 */
import type { RequestActionBody, RequestActionResponse } from '@wayguard/contracts';
import { registrationInfoKey } from '../../../api/registration-info';
import { statsQuery } from '../../../api/stats';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { requestsKeys } from './keys';

export function postRequestAction(body: RequestActionBody): Promise<RequestActionResponse> {
  return api.post<RequestActionResponse>('/requests', body, { quiet: true });
}

export const requestAction: ActionDef<RequestActionBody, RequestActionResponse> = {
  send: postRequestAction,
  refresh: () => [requestsKeys.all, statsQuery.queryKey, registrationInfoKey],
};
