/** What the device layout hands its pages: the loaded device, the signed-in user's info and what they may do. */
import { useOutletContext } from 'react-router';
import type { DeviceDetails, DeviceKind, RegistrationInfo } from '@wayguard/contracts';
import type { DevicePermissions } from '../lib/permissions';

export type DevicePageContext = {
  device: DeviceDetails;
  kind: DeviceKind;
  /** The device's id as the calls take it (its serial). */
  id: string;
  viewer: RegistrationInfo;
  can: DevicePermissions;
};

export function useDevicePage(): DevicePageContext {
  return useOutletContext<DevicePageContext>();
}
