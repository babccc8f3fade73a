/**
 * The account's website groups for 'approve to a website group' (001 §7; the path is ours: GET
 * /node/web_access/website_groups). The server answers the session account's groups: no company id
 * travels in the call.
 */
import { useQuery } from '@tanstack/react-query';
import type { WebsiteGroupsResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function useWebsiteGroups(enabled: boolean) {
  return useQuery({
    queryKey: requestsKeys.websiteGroups(),
    queryFn: ({ signal }) =>
      api.get<WebsiteGroupsResponse>('/node/web_access/website_groups', { type: 'company' }, { signal, quiet: true }),
    enabled,
  });
}
