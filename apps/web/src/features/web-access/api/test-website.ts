/**
 * POST /node/web_access/test (issue 10 'Beyond every anchor — Why?'): what the node gets when it
 * opens a URL now, and the resolver's trace. Changes nothing; input errors come back as field errors.
 */
import type { TestWebsiteRequest, TestWebsiteResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';

export const testWebsiteAction: ActionDef<TestWebsiteRequest, TestWebsiteResponse> = {
  send: (body) => api.post<TestWebsiteResponse>('/node/web_access/test', body, { quiet: true }),
};
