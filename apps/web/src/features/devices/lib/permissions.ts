/**
 * What the signed-in user may do on a device's pages (001 §6; 000 §6): a Console Admin renames the
 * device and changes its settings; Console Users and Request Admins see them read-only (the server
 * refuses them with 403, which would send them home, so the controls are disabled or hidden).
 */
import type { RegistrationInfo } from '@wayguard/contracts';

export type DevicePermissions = { changeSettings: boolean; rename: boolean };

export function devicePermissions(viewer: Pick<RegistrationInfo, 'user_type'>): DevicePermissions {
  const admin = viewer.user_type === 'console_admin';
  return { changeSettings: admin, rename: admin };
}
