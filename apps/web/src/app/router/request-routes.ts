/**
 * /requests: website (the default) and media requests, each with its four lists (001 §2.4), and app
 * requests (issue 12: their own list screen, from the same list factory). One list screen serves every
 * address of a kind; the route says which kind and view. Any other address under a kind redirects to its pending list ('Redirecting...').
 */
import type { RouteObject } from 'react-router';
import { lazyPageWith } from './lazy-page';
import { paths, segment, type RequestKind, type RequestState } from '../../lib/paths';
import type { RouteHandle } from './route-handle';

type ListKind = Exclude<RequestKind, 'apps'>;

const loadList = () => import('../../features/requests/routes/RequestsListPage');
const loadAppList = () => import('../../features/requests/routes/AppRequestsListPage');
const loadRedirect = () => import('../../features/requests/routes/RequestsRedirect');

const STATES: { state: Exclude<RequestState, 'pending'>; crumb: string }[] = [
  { state: 'pending/tech', crumb: 'Pending for the support team' },
  { state: 'approved', crumb: 'Approved' },
  { state: 'denied', crumb: 'Denied' },
];

function listKind(kind: ListKind, crumb: string): RouteObject {
  const handle: RouteHandle = { crumb };
  return {
    path: segment(paths.requests.href(kind), paths.requests.path),
    handle,
    children: [
      { index: true, lazy: lazyPageWith(loadList, { kind, state: 'pending' }) },
      ...STATES.map(({ state, crumb }): RouteObject => ({
        path: segment(paths.requests.href(kind, state), paths.requests.href(kind)),
        handle: { crumb } satisfies RouteHandle,
        lazy: lazyPageWith(loadList, { kind, state }),
      })),
      { path: '*', lazy: lazyPageWith(loadRedirect, { to: paths.requests.href(kind) }) },
    ],
  };
}

function appsKind(): RouteObject {
  return {
    path: segment(paths.requests.href('apps'), paths.requests.path),
    handle: { crumb: 'Apps' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyPageWith(loadAppList, { state: 'pending' }) },
      ...STATES.map(({ state, crumb }): RouteObject => ({
        path: segment(paths.requests.href('apps', state), paths.requests.href('apps')),
        handle: { crumb } satisfies RouteHandle,
        lazy: lazyPageWith(loadAppList, { state }),
      })),
      { path: '*', lazy: lazyPageWith(loadRedirect, { to: paths.requests.href('apps') }) },
    ],
  };
}

export const requestRoutes: RouteObject = {
  path: segment(paths.requests.path, paths.home.path),
  handle: { crumb: 'Requests' } satisfies RouteHandle,
  children: [
    { index: true, lazy: lazyPageWith(loadList, { kind: 'website', state: 'pending' }) },
    listKind('website', 'Websites'),
    listKind('media', 'Media'),
    appsKind(),
  ],
};
