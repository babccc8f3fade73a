/** The apps pages' query keys (002 §2.6). Every key starts with ['apps']. */
import type { AppsNode } from '../lib/node';

export const appsKeys = {
  all: ['apps'] as const,
  lists: () => [...appsKeys.all, 'list'] as const,
  userMobiles: (userId: number) => [...appsKeys.all, 'user-mobiles', userId] as const,
  node: (node: AppsNode) => [...appsKeys.all, node.type, node.id] as const,
};
