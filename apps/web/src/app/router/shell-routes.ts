/** Every screen that renders inside the app shell (signed in). */
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { deviceRoutes } from './device-routes';
import { webAccessPages } from './web-access-routes';
import { requestRoutes } from './request-routes';
import { userRoutes } from './user-routes';
import { paths, segment } from '../../lib/paths';
import type { RouteHandle } from './route-handle';

const support: RouteHandle['parents'] = [{ label: 'Support', to: paths.support.contact.href() }];
const agreements: RouteHandle['parents'] = [...(support ?? []), { label: 'Agreements' }];

export const shellRoutes: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../../features/dashboard/routes/DashboardPage')) },
  requestRoutes,
  deviceRoutes,
  userRoutes,
  {
    path: segment(paths.account.path, paths.home.path),
    handle: { crumb: 'Account Info' } satisfies RouteHandle,
    children: [
      { index: true, lazy: lazyPage(() => import('../../features/account/routes/AccountPage')) },
      // The account's own web access (issue 26): the device pages' screens for the account node.
      {
        lazy: lazyPage(() => import('../../features/web-access/routes/AccountWebAccessLayout')),
        children: webAccessPages(),
      },
    ],
  },
  {
    path: segment(paths.support.feedback.path, paths.home.path),
    handle: { crumb: 'Feedback', parents: support } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/support/routes/FeedbackPage')),
  },
  {
    path: segment(paths.support.terms.path, paths.home.path),
    handle: { crumb: 'Terms of Use', parents: agreements } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/legal/routes/TermsOfUsePage')),
  },
  {
    path: segment(paths.support.licenseAgreement.path, paths.home.path),
    handle: { crumb: 'License Agreement', parents: agreements } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/legal/routes/LicenseAgreementPage')),
  },
  {
    path: segment(paths.support.privacyPolicy.path, paths.home.path),
    handle: { crumb: 'Privacy Policy', parents: agreements } satisfies RouteHandle,
    lazy: lazyPage(() => import('../../features/legal/routes/PrivacyPolicyPage')),
  },
];
