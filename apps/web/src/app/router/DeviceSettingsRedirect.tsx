/** /device/{type}/{id} is another address of the device settings tab (001 §2.3). */
import { Navigate, useParams } from 'react-router';

export function DeviceSettingsRedirect() {
  const { type = '', id = '' } = useParams();
  return <Navigate to={`/devices/${encodeURIComponent(type)}/${encodeURIComponent(id)}/settings`} replace />;
}
