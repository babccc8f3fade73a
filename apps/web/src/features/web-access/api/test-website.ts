/**
 * "Test a website" as an action (issue 10 'Beyond every anchor — Why?'): POST /node/web_access/test
 * (src/api/website-test.ts). Changes nothing; input errors come back as field errors.
 */
import type { TestWebsiteRequest, TestWebsiteResponse } from '@wayguard/contracts';
import { postWebsiteTest } from '../../../api/website-test';
import type { ActionDef } from '../../../lib/use-action';

export const testWebsiteAction: ActionDef<TestWebsiteRequest, TestWebsiteResponse> = { send: postWebsiteTest };
