/** /requests: website (the default), media and app requests, each with its four states (001 §2). */
import type { RouteObject } from 'react-router';
import { comingSoon } from './lazy-page';
import type { RouteHandle } from './route-handle';

function requestKind(path: string, crumb: string, title: string): RouteObject {
  const handle: RouteHandle = { crumb };
  return {
    path,
    handle,
    children: [
      { index: true, lazy: comingSoon(`${title} – Pending Admin`) },
      {
        path: 'pending/tech',
        handle: { crumb: 'Pending for the support team' },
        lazy: comingSoon(`${title} – Pending for the support team`),
      },
      { path: 'approved', handle: { crumb: 'Approved' }, lazy: comingSoon(`${title} – Approved`) },
      { path: 'denied', handle: { crumb: 'Denied' }, lazy: comingSoon(`${title} – Denied`) },
    ],
  };
}

export const requestRoutes: RouteObject = {
  path: 'requests',
  handle: { crumb: 'Requests' } satisfies RouteHandle,
  children: [
    { index: true, lazy: comingSoon('Website Requests – Pending Admin') },
    requestKind('website', 'Websites', 'Website Requests'),
    requestKind('media', 'Media', 'Media Requests'),
    requestKind('apps', 'Apps', 'App Requests'),
  ],
};
