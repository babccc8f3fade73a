/** /users: console users, server and local users (000 §2.7-2.8, 002 §2). */
import type { RouteObject } from 'react-router';
import { comingSoon } from './lazy-page';
import type { RouteHandle } from './route-handle';

const serverUser: RouteObject = {
  path: 'server_users/:serverUserId',
  handle: { crumb: (params) => `Server user ${params.serverUserId ?? ''}`.trim() } satisfies RouteHandle,
  children: [
    { index: true, lazy: comingSoon('Server User Details') },
    { path: 'settings', handle: { crumb: 'Settings' }, lazy: comingSoon('Server User Settings') },
    { path: 'websites', handle: { crumb: 'Websites' }, lazy: comingSoon('Server User Websites') },
    { path: 'categories', handle: { crumb: 'Categories' }, lazy: comingSoon('Server User Categories') },
    { path: 'media', handle: { crumb: 'Media' }, lazy: comingSoon('Server User Media') },
    { path: 'screen-captures', handle: { crumb: 'Screen Captures' }, lazy: comingSoon('User Screen Captures') },
  ],
};

const consoleUser: RouteObject = {
  path: ':userId',
  handle: { crumb: (params) => `User ${params.userId ?? ''}`.trim() } satisfies RouteHandle,
  children: [
    { index: true, lazy: comingSoon('User Details') },
    { path: 'settings', handle: { crumb: 'Settings' }, lazy: comingSoon('User Settings') },
    { path: 'apps', handle: { crumb: 'Apps' }, lazy: comingSoon('User Apps') },
  ],
};

export const userRoutes: RouteObject = {
  path: 'users',
  handle: { crumb: 'Users' } satisfies RouteHandle,
  children: [{ index: true, lazy: comingSoon('Users List') }, serverUser, consoleUser],
};
