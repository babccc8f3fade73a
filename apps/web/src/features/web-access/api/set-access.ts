/**
 * POST /node/web_access/websites/access (002 §4.3, §7): the rule at the node for one website, media
 * item, category or custom category: allow, block, or (ours) inherit; with an optional weekly
 * schedule. Every list and category view of web access is refreshed afterwards, whatever the answer.
 */
import type { SetAccessRequest, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { webAccessKeys } from './keys';

export function postSetAccess(body: SetAccessRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/node/web_access/websites/access', body, { quiet: true });
}

export const setAccessAction: ActionDef<SetAccessRequest, SuccessResponse> = {
  send: postSetAccess,
  refresh: () => [webAccessKeys.all],
};
