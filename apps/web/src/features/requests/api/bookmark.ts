/** POST /requests/bookmark (001 §4, §7): bookmark or unbookmark approved rows; the lists are refetched. */
import type { RequestBookmarkBody, SuccessResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { requestsKeys } from './keys';

export const bookmarkAction: ActionDef<RequestBookmarkBody, SuccessResponse> = {
  send: (body) => api.post<SuccessResponse>('/requests/bookmark', body, { quiet: true }),
  refresh: () => [requestsKeys.lists()],
};
