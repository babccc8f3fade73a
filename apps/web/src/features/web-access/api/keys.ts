/**
 * The web-access resource's query keys. Every key starts with ['web-access'], so a rule change
 * refreshes every list and category view of every node at once (a category's rule changes website rows
 * too).
 */
import type { WebAccessNode } from '../lib/node';

export const webAccessKeys = {
  all: ['web-access'] as const,
  websites: () => [...webAccessKeys.all, 'websites'] as const,
  media: () => [...webAccessKeys.all, 'media'] as const,
  categories: (node: WebAccessNode, query: string) => [...webAccessKeys.all, 'categories', node, query] as const,
  /** Media info does not depend on rules: kept apart so a rule change does not refetch it. */
  mediaInfo: (websiteId: number) => ['web-access-media-info', websiteId] as const,
};
