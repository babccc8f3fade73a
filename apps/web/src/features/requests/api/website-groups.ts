/**
 * The account's website groups for 'approve to a website group' (001 §7; the path is ours: GET
 * /node/web_access/website_groups with the company id of the registration info).
 */
import { useQuery } from '@tanstack/react-query';
import type { WebsiteGroupsResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import { requestsKeys } from './keys';

export function useWebsiteGroups(companyId: number, enabled: boolean) {
  return useQuery({
    queryKey: requestsKeys.websiteGroups(companyId),
    queryFn: ({ signal }) =>
      api.get<WebsiteGroupsResponse>(
        '/node/web_access/website_groups',
        { company_id: companyId, type: 'company' },
        { signal, quiet: true },
      ),
    enabled,
  });
}
