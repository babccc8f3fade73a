/** Every screen that renders inside the app shell (signed in). */
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
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
  {
    path: 'account',
    handle: { crumb: 'Account Info' } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/account/routes/AccountPage')),
  },
  {
    path: 'support/feedback',
    handle: { crumb: 'Feedback', parents: support } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/support/routes/FeedbackPage')),
  },
  {
    path: 'support/agreements/terms',
    handle: { crumb: 'Terms of Use', parents: agreements } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/legal/routes/TermsOfUsePage')),
  },
  {
    path: 'support/agreements/license-agreement',
    handle: { crumb: 'License Agreement', parents: agreements } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/legal/routes/LicenseAgreementPage')),
  },
  {
    path: 'support/agreements/privacy-policy',
    handle: { crumb: 'Privacy Policy', parents: agreements } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/legal/routes/PrivacyPolicyPage')),
  },
];
