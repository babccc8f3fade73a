/**
 * The auth guard (000 §2.1): without the stored session marker the visitor goes to /login with the
 * requested path as `origin`; with it, every navigation is recorded as the previous location
 * (where reset password sends a signed-in visitor back to).
 */
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { previousLocation, sessionMarker } from '../../lib/session-marker';

export function loginPathFor(pathAndSearch: string): string {
  return `/login?origin=${encodeURIComponent(pathAndSearch)}`;
}

export function RequireSession() {
  const { pathname, search } = useLocation();
  const signedIn = sessionMarker.isSet();
  useEffect(() => {
    if (signedIn) previousLocation.set(pathname + search);
  }, [signedIn, pathname, search]);
  if (!signedIn) return <Navigate to={loginPathFor(pathname + search)} replace />;
  return <Outlet />;
}
