/**
 * The apps pages' list declaration (002 §2.6, §7, §9): GET /devices/mobile_apps with the node (a
 * device's id or a user's user_id) as a fixed part of every call, sort by name (A-Z by default), the
 * search (ours), page size 25. One declaration per node, kept: the controller needs a stable one, and
 * each node's saved view is its own.
 */
import { APP_SORTS } from '@wayguard/contracts';
import { defineList, type FilterKind } from '../../../components/list';
import { mobileAppsEndpoint } from '../api/mobile-apps';
import { nodeKey, nodeQuery, type AppsNode } from './node';

/** The node on every call; nothing in the address, never counted as applied. */
export function nodeParams(node: AppsNode): FilterKind<null, 'id' | 'user_id'> {
  return {
    params: [],
    apiParams: ['id', 'user_id'],
    initial: null,
    read: () => null,
    write: () => {},
    toApi: () => nodeQuery(node),
    applied: () => 0,
  };
}

function appsListOf(node: AppsNode) {
  return defineList({
    key: `apps.${nodeKey(node)}`,
    ...mobileAppsEndpoint,
    rows: (r) => r.apps,
    total: (r) => r.total_count,
    rowKey: (row) => row.id,
    sorts: APP_SORTS,
    defaultSort: 'name',
    filters: { node: nodeParams(node) },
  });
}

export type AppsList = ReturnType<typeof appsListOf>;

const kept = new Map<string, AppsList>();

export function appsList(node: AppsNode): AppsList {
  const key = nodeKey(node);
  let definition = kept.get(key);
  if (!definition) {
    definition = appsListOf(node);
    kept.set(key, definition);
  }
  return definition;
}
