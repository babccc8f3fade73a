/**
 * The route table (000 §2.1, 001 §2, 002 §2.1). Public: /login, /activate, /reset_password, /support,
 * the /library showcase and the 404 page; the provider's review team area (/provider, /provider/login)
 * has its own session. Everything else sits behind RequireSession; the shell and every screen are lazy.
 */
import { createBrowserRouter } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { RedirectIfSession } from '../guard/RedirectIfSession';
import { RequireSession } from '../guard/RequireSession';
import { DeviceSettingsRedirect } from './DeviceSettingsRedirect';
import { lazyPage } from './lazy-page';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { paths, segment } from '../../lib/paths';
import type { RouteHandle } from './route-handle';
import { shellRoutes } from './shell-routes';

const root = paths.home.path;

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        path: segment(paths.login.path, root),
        lazy: lazyPage(() => import('../../features/auth/routes/LoginPage'), { entryStylesOnly: true }),
      },
      {
        path: segment(paths.activate.path, root),
        lazy: lazyPage(() => import('../../features/auth/routes/ActivatePage')),
      },
      {
        Component: RedirectIfSession,
        children: [
          {
            path: segment(paths.resetPassword.path, root),
            lazy: lazyPage(() => import('../../features/auth/routes/ResetPasswordPage')),
          },
        ],
      },
      // The provider's review team (issue 11): its own sign-in and session, outside the console's shell and
      // session gate (a 401 there goes to /provider/login, never to the console's /login).
      {
        path: segment(paths.provider.login.path, root),
        lazy: lazyPage(() => import('../../features/provider-review/routes/ProviderLoginPage')),
      },
      {
        path: segment(paths.provider.path, root),
        lazy: lazyPage(() => import('../../features/provider-review/routes/ProviderQueuePage')),
      },
      {
        path: segment(paths.provider.team.path, root),
        lazy: lazyPage(() => import('../../features/provider-review/routes/ProviderTeamPage')),
      },
      // Contact Us is public: in the shell when signed in, in a bare layout otherwise.
      {
        path: segment(paths.support.contact.path, root),
        lazy: lazyPage(() => import('../shell/SupportLayout')),
        children: [
          {
            index: true,
            handle: { crumb: 'Contact Us', parents: [{ label: 'Support' }] } satisfies RouteHandle,
            lazy: lazyPage(() => import('../../features/support/routes/ContactPage')),
          },
        ],
      },
      // Bare-layout showcase pages (000 §2.1, auth "not shown"): public, as they hold sample content only.
      {
        path: 'library',
        lazy: lazyPage(() => import('../shell/BareLayout')),
        children: [
          { index: true, lazy: lazyPage(() => import('../../features/library/routes/LibraryPage')) },
          { path: 'typography', lazy: lazyPage(() => import('../../features/library/routes/TypographyPage')) },
        ],
      },
      {
        Component: RequireSession,
        children: [
          {
            path: segment(paths.legal.path, root),
            lazy: lazyPage(() => import('../shell/BareLayout')),
            children: [
              {
                path: segment(paths.legal.privacy.path, paths.legal.path),
                lazy: lazyPage(() => import('../../features/legal/routes/WebsitePrivacyPage')),
              },
              {
                path: segment(paths.legal.terms.path, paths.legal.path),
                lazy: lazyPage(() => import('../../features/legal/routes/WebsiteTermsPage')),
              },
              {
                path: segment(paths.legal.cookies.path, paths.legal.path),
                lazy: lazyPage(() => import('../../features/legal/routes/CookiesPolicyPage')),
              },
            ],
          },
          { path: segment(paths.devices.legacy.path, root), Component: DeviceSettingsRedirect },
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
