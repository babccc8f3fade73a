/** /users: console users, server and local users (000 §2.7-2.8, 002 §2). */
import type { RouteObject } from 'react-router';
import { comingSoon, lazyPage } from './lazy-page';
import { webAccessPages } from './web-access-routes';
import { paths, segment } from '../../lib/paths';
import type { RouteHandle } from './route-handle';

const serverUser: RouteObject = {
  path: segment(paths.users.serverUser.path, paths.users.list.path),
  handle: { crumb: (params) => `Server user ${params.serverUserId ?? ''}`.trim() } satisfies RouteHandle,
  children: [
    {
      // Pathless: the layout loads the user once for every page below and names the crumb above.
      lazy: lazyPage(() => import('../../features/users/routes/ServerUserLayout')),
      children: [
        { index: true, lazy: lazyPage(() => import('../../features/users/routes/ServerUserDetailsPage')) },
        {
          path: segment(paths.users.serverUser.href(0, 'settings'), paths.users.serverUser.href(0)),
          handle: { crumb: 'Settings' },
          lazy: lazyPage(() => import('../../features/users/routes/ServerUserSettingsPage')),
        },
        // Web access (002 §2.9): the device pages' screens, for node type server user.
        ...webAccessPages(),
        // Later work (screen captures); inside the layout so the left menu stays.
        { path: 'screen-captures', handle: { crumb: 'Screen Captures' }, lazy: comingSoon('User Screen Captures') },
      ],
    },
  ],
};

const consoleUser: RouteObject = {
  path: segment(paths.users.details.path, paths.users.list.path),
  handle: { crumb: (params) => `User ${params.userId ?? ''}`.trim() } satisfies RouteHandle,
  // The layout loads the user once for every page below, shows the left menu and names the crumb.
  lazy: lazyPage(() => import('../../features/users/routes/UserLayout')),
  children: [
    { index: true, lazy: lazyPage(() => import('../../features/users/routes/UserInformationPage')) },
    {
      path: segment(paths.users.settings.path, paths.users.details.path),
      handle: { crumb: 'Settings' },
      lazy: lazyPage(() => import('../../features/users/routes/UserSettingsPage')),
    },
    {
      path: segment(paths.users.apps.path, paths.users.details.path),
      handle: { crumb: 'Apps' },
      lazy: lazyPage(() => import('../../features/apps/routes/AppsPage')),
    },
  ],
};

export const userRoutes: RouteObject = {
  path: segment(paths.users.list.path, paths.home.path),
  handle: { crumb: 'Users' } satisfies RouteHandle,
  children: [
    { index: true, lazy: lazyPage(() => import('../../features/users/routes/UsersListPage')) },
    serverUser,
    consoleUser,
  ],
};
