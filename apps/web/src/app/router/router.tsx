/**
 * The route table (000 §2.1, 001 §2, 002 §2.1). Public: /login, /activate, /reset_password, /support
 * and the 404 page. Everything else sits behind RequireSession; the shell and every screen are lazy.
 */
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { RedirectIfSession } from '../guard/RedirectIfSession';
import { RequireSession } from '../guard/RequireSession';
import { DeviceSettingsRedirect } from './DeviceSettingsRedirect';
import { lazyPage } from './lazy-page';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import type { RouteHandle } from './route-handle';
import { shellRoutes } from './shell-routes';

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      { path: 'login', lazy: lazyPage(() => import('../../features/auth/routes/LoginPage')) },
      { path: 'activate', lazy: lazyPage(() => import('../../features/auth/routes/ActivatePage')) },
      {
        Component: RedirectIfSession,
        children: [
          { path: 'reset_password', lazy: lazyPage(() => import('../../features/auth/routes/ResetPasswordPage')) },
        ],
      },
      // Contact Us is public: in the shell when signed in, in a bare layout otherwise.
      {
        path: 'support',
        lazy: lazyPage(() => import('../shell/SupportLayout')),
        children: [
          {
            index: true,
            handle: { crumb: 'Contact Us', parents: [{ label: 'Support' }] } satisfies RouteHandle,
            lazy: lazyPage(() => import('../../features/support/routes/ContactPage')),
          },
        ],
      },
      {
        Component: RequireSession,
        children: [
          {
            path: 'legal',
            lazy: lazyPage(() => import('../shell/BareLayout')),
            children: [
              { path: 'privacy', lazy: lazyPage(() => import('../../features/legal/routes/WebsitePrivacyPage')) },
              { path: 'terms', lazy: lazyPage(() => import('../../features/legal/routes/WebsiteTermsPage')) },
              { path: 'cookies', lazy: lazyPage(() => import('../../features/legal/routes/CookiesPolicyPage')) },
            ],
          },
          { path: 'device/:type/:id', Component: DeviceSettingsRedirect },
          {
            lazy: lazyPage(() => import('../shell/AppLayout')),
            // A screen that fails shows the error inside the shell, with the rail still there.
            children: [{ ErrorBoundary: RouteError, children: shellRoutes }],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('../../features/not-found/routes/NotFoundPage')) },
    ],
  },
]);
