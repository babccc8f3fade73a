/** Every screen that renders inside the app shell (signed in). */
import type { RouteObject } from 'react-router';
import { comingSoon, lazyPage } from './lazy-page';
import { deviceRoutes } from './device-routes';
import { requestRoutes } from './request-routes';
import { userRoutes } from './user-routes';
import type { RouteHandle } from './route-handle';

const support: RouteHandle['parents'] = [{ label: 'Support', to: '/support' }];
const agreements: RouteHandle['parents'] = [...(support ?? []), { label: 'Agreements' }];

export const shellRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../../features/dashboard/routes/DashboardPage')) },
  requestRoutes,
  deviceRoutes,
  userRoutes,
  { path: 'account', handle: { crumb: 'Account Info' } satisfies RouteHandle, lazy: comingSoon('Account Info') },
  {
    path: 'support/feedback',
    handle: { crumb: 'Feedback', parents: support } satisfies RouteHandle,
    lazy: comingSoon('Feedback'),
  },
  {
    path: 'support/agreements/terms',
    handle: { crumb: 'Terms of Use', parents: agreements } satisfies RouteHandle,
    lazy: comingSoon('Terms of Use'),
  },
  {
    path: 'support/agreements/license-agreement',
    handle: { crumb: 'License Agreement', parents: agreements } satisfies RouteHandle,
    lazy: comingSoon('License Agreement'),
  },
  {
    path: 'support/agreements/privacy-policy',
    handle: { crumb: 'Privacy Policy', parents: agreements } satisfies RouteHandle,
    lazy: comingSoon('Privacy Policy'),
  },
];
