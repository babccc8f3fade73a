/**
 * POST /server_users/server_user (000 §4.4, §7.3, 002 §7): delete (shown as Deleted) or undelete a
 * server or local user. Refreshes the user's page and any users list (server users are rows of it),
 * after a failure too: 'already deleted' means the copy on screen is stale.
 */
import { MSG, type ServerUserActionRequest, type SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { serverUsersKeys, usersKeys } from './keys';

export function postServerUserAction(body: ServerUserActionRequest): Promise<SuccessResponse> {
  return api.post<SuccessResponse>('/server_users/server_user', body, { quiet: true });
}

export const serverUserAction: ActionDef<ServerUserActionRequest, SuccessResponse> = {
  send: postServerUserAction,
  refresh: (body) => [serverUsersKeys.details(body.id), usersKeys.all],
};

/** The spec's toast for each (000 §7.3). */
export const serverUserActionSuccess = (_: SuccessResponse, body: ServerUserActionRequest) =>
  body.action === 'delete' ? MSG.serverUserDeleted : MSG.serverUserUndeleted;
