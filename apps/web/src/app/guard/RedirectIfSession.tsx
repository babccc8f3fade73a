/** Public pages a signed-in visitor should not see (reset password): back to the previous location. */
import { Navigate, Outlet } from 'react-router';
import { previousLocation, sessionMarker } from '../../lib/session-marker';

export function RedirectIfSession() {
  if (sessionMarker.isSet()) return <Navigate to={previousLocation.get()} replace />;
  return <Outlet />;
}
