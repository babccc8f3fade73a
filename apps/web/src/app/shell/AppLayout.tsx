/**
 * The signed-in app shell (000 §2.2): rail, header with breadcrumbs and profile menu, development
 * banner, footer, and the post-login gating modals (000 §4.2) over a blurred, inert app.
 */
import { Suspense, useEffect, useId, useMemo } from 'react';
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useLocation } from 'react-router';
import { ListContext } from '../../components/list/list-context';
import { PageLoader } from '../../components/PageLoader';
import { api } from '../../lib/api-client';
import { useRegistrationInfo } from '../../api/registration-info';
import { DevelopmentBanner } from './DevelopmentBanner';
import { Footer } from './Footer';
import { Header } from './header/Header';
import { Rail } from './rail/Rail';
import { SessionGate, gateFor } from './SessionGate';

export default function AppLayout() {
  return (
    <Suspense fallback={<PageLoader />}>
      <SignedInShell />
    </Suspense>
  );
}

function SignedInShell() {
  const info = useRegistrationInfo();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const navId = useId();
  const { pathname } = useLocation();
  const gate = gateFor(info);
  // The console's lists call the console API and keep their saved views per signed-in user.
  const lists = useMemo(() => ({ client: api, viewer: info.user_id }), [info.user_id]);

  // The rail (a drawer on small screens) closes after each navigation.
  useEffect(() => closeNav(), [pathname, closeNav]);

  return (
    <>
      <Box inert={gate !== null} data-gated={gate ?? undefined}>
        <a className="skip-link" href="#main-content">
          Skip to main content
        </a>
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: 290, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
          padding="md"
        >
          <AppShell.Header>
            <Header info={info} navOpened={navOpened} onToggleNav={toggleNav} navId={navId} />
          </AppShell.Header>
          <AppShell.Navbar id={navId} aria-label="Main navigation">
            <Rail info={info} />
          </AppShell.Navbar>
          <AppShell.Main component="div">
            <DevelopmentBanner />
            <Box component="main" id="main-content" tabIndex={-1} mih="60vh">
              <ListContext value={lists}>
                <Suspense fallback={<PageLoader />}>
                  <Outlet />
                </Suspense>
              </ListContext>
            </Box>
            <Footer />
          </AppShell.Main>
        </AppShell>
      </Box>
      <SessionGate gate={gate} info={info} />
    </>
  );
}
