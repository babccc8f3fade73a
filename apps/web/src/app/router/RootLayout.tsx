/** Root of the route tree: scroll restoration and the matched branch. */
import { Outlet, ScrollRestoration } from 'react-router';

export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
