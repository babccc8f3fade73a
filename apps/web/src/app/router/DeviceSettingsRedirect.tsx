/** /device/{type}/{id} is another address of the device settings tab (001 §2.3). */
import { Navigate, useParams } from 'react-router';
import { paths } from '../../lib/paths';

export function DeviceSettingsRedirect() {
  const { type = '', id = '' } = useParams();
  return <Navigate to={paths.devices.href(type, id, 'settings')} replace />;
}
