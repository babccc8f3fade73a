/**
 * GET /node/web_access/categories/list (002 §2.3; 002 §7 leaves the path open, ours): the node's
 * categories in groups, sorted by the server (groups alphabetically by title, 'Custom categories' among them:
 * docs/decisions/web-access.md "Category ordering").
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CategoriesQuery, CategoriesResponse } from '@wayguard/contracts';
import { api } from '../../../lib/api-client';
import type { WebAccessNode } from '../lib/node';
import { webAccessKeys } from './keys';

export function useCategories(node: WebAccessNode, query: string) {
  return useQuery({
    queryKey: webAccessKeys.categories(node, query),
    queryFn: ({ signal }) => {
      const params: CategoriesQuery = { id: node.id, type: node.type, ...(query ? { query } : {}) };
      return api.get<CategoriesResponse>('/node/web_access/categories/list', params, { signal });
    },
    placeholderData: keepPreviousData,
  });
}
