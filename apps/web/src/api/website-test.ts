/**
 * POST /node/web_access/test (issue 10 'Beyond every anchor — Why?'): what a node gets when it opens a
 * URL now, with the resolver's explanation and trace. Shared by "Test a website" (features/web-access)
 * and the server user's Social Media Options (features/users, issue 26: what decides each site). Kept
 * under ['web-access'], so a rule change refreshes what the options say.
 */
import { useQuery } from '@tanstack/react-query';
import type { TestWebsiteRequest, TestWebsiteResponse } from '@wayguard/contracts';
import { api } from '../lib/api-client';

export const postWebsiteTest = (body: TestWebsiteRequest) =>
  api.post<TestWebsiteResponse>('/node/web_access/test', body, { quiet: true });

/** The decision for one address at a node, while `enabled`; null when it cannot be had. */
export function useWebsiteDecision(
  node: { type: TestWebsiteRequest['node_type']; id: string },
  url: string,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['web-access', 'decision', node.type, node.id, url],
    queryFn: () => postWebsiteTest({ node_id: node.id, node_type: node.type, url }),
    enabled,
    staleTime: 30_000,
    retry: false,
  });
}
