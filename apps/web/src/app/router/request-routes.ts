/** /requests: website (the default), media and app requests, each with its four states (001 §2). */
import type { RouteObject } from 'react-router';
import { comingSoon } from './lazy-page';
import { paths, segment, type RequestKind } from '../../lib/paths';
import type { RouteHandle } from './route-handle';

function requestKind(kind: RequestKind, crumb: string, title: string): RouteObject {
  const handle: RouteHandle = { crumb };
  return {
    path: segment(paths.requests.href(kind), paths.requests.path),
    handle,
    children: [
      { index: true, lazy: comingSoon(`${title} – Pending Admin`) },
      {
        path: segment(paths.requests.href(kind, 'pending/tech'), paths.requests.href(kind)),
        handle: { crumb: 'Pending for the support team' },
        lazy: comingSoon(`${title} – Pending for the support team`),
      },
      {
        path: segment(paths.requests.href(kind, 'approved'), paths.requests.href(kind)),
        handle: { crumb: 'Approved' },
        lazy: comingSoon(`${title} – Approved`),
      },
      {
        path: segment(paths.requests.href(kind, 'denied'), paths.requests.href(kind)),
        handle: { crumb: 'Denied' },
        lazy: comingSoon(`${title} – Denied`),
      },
    ],
  };
}

export const requestRoutes: RouteObject = {
  path: segment(paths.requests.path, paths.home.path),
  handle: { crumb: 'Requests' } satisfies RouteHandle,
  children: [
    { index: true, lazy: comingSoon('Website Requests – Pending Admin') },
    requestKind('website', 'Websites', 'Website Requests'),
    requestKind('media', 'Media', 'Media Requests'),
    requestKind('apps', 'Apps', 'App Requests'),
  ],
};
