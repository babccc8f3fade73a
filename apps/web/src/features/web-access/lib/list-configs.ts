/**
 * The websites and media lists' declarations (002 §2.4, §2.5, §9): their calls, sorts (name; media
 * also media_type), the access filter (single choice: allowed, blocked, scheduled, not-scheduled) and
 * the media type filter (two groups). Page size 25. The default order is ours (issue 26, docs/decisions/web-access.md
 * "What a node's lists show first (issue 26)"): the rows with a rule at the node, then those asked for from it, then
 * the rest, each by name ('managed'); the spec's name order is one choice away.
 *
 * A list is about one node: the node's id and type go with every call as a fixed part of the list
 * (nodeParams, a filter kind with nothing in the address), so each node's pages are cached apart. One
 * declaration per node, kept, so the controller gets a stable one.
 */
import {
  ACCESS_FILTERS,
  ACCESS_FILTER_LABELS,
  MEDIA_SORTS,
  MEDIA_TYPE_GROUPS,
  WEBSITE_SORTS,
  type AccessFilter,
  type MediaType,
} from '@wayguard/contracts';
import {
  choiceFilter,
  defineList,
  groupedChoiceFilter,
  type ChoiceGroup,
  type FilterKind,
} from '../../../components/list';
import { mediaListEndpoint, websitesListEndpoint } from '../api/lists';
import type { WebAccessNode } from './node';

/** The node's id and type on every call; nothing in the address, never counted as applied. */
export function nodeParams(node: WebAccessNode): FilterKind<null, 'id' | 'type'> {
  return {
    params: [],
    apiParams: ['id', 'type'],
    initial: null,
    read: () => null,
    write: () => {},
    toApi: () => ({ id: node.id, type: node.type }),
    applied: () => 0,
  };
}

/**
 * The access filter's menu (002 §2.4, single choice): 'All websites' first (002 review #4: a filter
 * applied can be taken off again, and the button reads 'Filter' again), then the four filters.
 */
export const ACCESS_FILTER_ALL = 'all';
export type AccessMenuChoice = AccessFilter | typeof ACCESS_FILTER_ALL;
export const ACCESS_FILTER_CHOICES: { value: AccessMenuChoice; label: string }[] = [
  { value: ACCESS_FILTER_ALL, label: 'All websites' },
  ...ACCESS_FILTERS.map((value) => ({ value, label: ACCESS_FILTER_LABELS[value] })),
];
/** The menu's choice of a filter value, and back. */
export const accessMenuChoice = (filter: AccessFilter | null): AccessMenuChoice => filter ?? ACCESS_FILTER_ALL;
export const accessFilterOf = (choice: AccessMenuChoice | null): AccessFilter | null =>
  choice === null || choice === ACCESS_FILTER_ALL ? null : choice;

export const accessFilter = choiceFilter({
  param: 'access',
  options: ACCESS_FILTERS,
  initial: null,
  apiParam: 'access_filters',
});

export const MEDIA_TYPE_CHOICE_GROUPS: ChoiceGroup<MediaType>[] = MEDIA_TYPE_GROUPS.map((g) => ({
  key: g.key,
  label: g.label,
  options: g.types.map((t) => ({ key: t.key, label: t.label })),
}));

export const mediaTypeFilter = groupedChoiceFilter({
  param: 'media_types',
  apiParam: 'media_types',
  groups: MEDIA_TYPE_CHOICE_GROUPS,
});

const nodeKey = (node: WebAccessNode) => `${node.type}.${node.id}`;

function websitesListOf(node: WebAccessNode) {
  return defineList({
    // The saved view is the node's own: a search on one device's list is not another device's.
    key: `web-access-websites.${nodeKey(node)}`,
    ...websitesListEndpoint,
    rows: (r) => r.result,
    total: (r) => r.total_count,
    rowKey: (row) => row.id,
    sorts: WEBSITE_SORTS,
    defaultSort: 'managed',
    filters: { node: nodeParams(node), access: accessFilter },
  });
}

function mediaListOf(node: WebAccessNode) {
  return defineList({
    key: `web-access-media.${nodeKey(node)}`,
    ...mediaListEndpoint,
    rows: (r) => r.result,
    total: (r) => r.total_count,
    rowKey: (row) => row.id,
    sorts: MEDIA_SORTS,
    defaultSort: 'managed',
    filters: { node: nodeParams(node), mediaTypes: mediaTypeFilter },
  });
}

export type WebsitesList = ReturnType<typeof websitesListOf>;
export type MediaList = ReturnType<typeof mediaListOf>;

/** One declaration per node, made once: the list controller needs a stable definition. */
function keptPerNode<T>(make: (node: WebAccessNode) => T): (node: WebAccessNode) => T {
  const kept = new Map<string, T>();
  return (node) => {
    const key = nodeKey(node);
    let definition = kept.get(key);
    if (definition === undefined) {
      definition = make(node);
      kept.set(key, definition);
    }
    return definition;
  };
}

export const websitesList = keptPerNode(websitesListOf);
export const mediaList = keptPerNode(mediaListOf);
