/**
 * The sort menu's options (001 §9 'Sort options: url (Websites A-Z and Z-A, or Media A-Z and Z-A),
 * requester, processor, for, processed, requested (Oldest first, Newest first), name (apps)'): each sort
 * of the list in both orders, named with the spec's labels; processor, for and processed only where
 * the list has them (a pending thread has no processor nor processing time; pending admin rows no For).
 */
import type { AppRequestSort, RequestKind, RequestList, RequestSort } from '@wayguard/contracts';
import { sortLabel, type SortKind } from '../../../components/list';

export type SortOption<S extends string> = { value: string; label: string; sortBy: S; reverse: boolean };

/** The menu's value of a sort: '{key}:asc' / '{key}:desc' (desc is the list call's reverse_order). */
export const sortValue = (sortBy: string, reverse: boolean) => `${sortBy}:${reverse ? 'desc' : 'asc'}`;

function both<S extends string>(sortBy: S, name: string, kind: SortKind): SortOption<S>[] {
  return [false, true].map((reverse) => ({
    value: sortValue(sortBy, reverse),
    label: kind === 'date' ? `${name}: ${sortLabel(kind, reverse)}` : `${name} ${sortLabel(kind, reverse)}`,
    sortBy,
    reverse,
  }));
}

const decided = (list: RequestList) => list === 'approved' || list === 'denied';
const decision = (list: RequestList) => (list === 'approved' ? 'Approved' : 'Denied');

/** The website and media lists' options. */
export function requestSortOptions(kind: RequestKind, list: RequestList): SortOption<RequestSort>[] {
  return [
    ...both<RequestSort>('url', kind === 'media' ? 'Media' : 'Websites', 'text'),
    ...(list === 'pending_tech' ? [] : both<RequestSort>('requester', 'Requester', 'text')),
    ...(decided(list) ? both<RequestSort>('processor', `${decision(list)} by`, 'text') : []),
    ...(list === 'pending_admin' ? [] : both<RequestSort>('for', 'For', 'text')),
    ...(decided(list) ? both<RequestSort>('processed', decision(list), 'date') : []),
    ...both<RequestSort>('requested', 'Requested', 'date'),
  ];
}

/** The app lists' options: the app's name instead of the url. */
export function appSortOptions(list: RequestList): SortOption<AppRequestSort>[] {
  return [
    ...both<AppRequestSort>('name', 'Apps', 'text'),
    ...(list === 'pending_tech' ? [] : both<AppRequestSort>('requester', 'Requester', 'text')),
    ...(decided(list) ? both<AppRequestSort>('processor', `${decision(list)} by`, 'text') : []),
    ...(list === 'pending_admin' ? [] : both<AppRequestSort>('for', 'For', 'text')),
    ...(decided(list) ? both<AppRequestSort>('processed', decision(list), 'date') : []),
    ...both<AppRequestSort>('requested', 'Requested', 'date'),
  ];
}
