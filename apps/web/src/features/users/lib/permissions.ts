/**
 * What the signed-in user may do on a user's pages (000 §6, 002 §4-§6). The server decides (only a
 * Console Admin changes other users; everyone edits their own details); the UI only offers what it allows.
 */
import type { RegistrationInfo, UserDetails } from '@wayguard/contracts';

export type UserPermissions = {
  /** The page is the signed-in user's own profile. */
  self: boolean;
  /** The signed-in user is a Console Admin. */
  admin: boolean;
  /** Profile Information can be edited: oneself or an admin, never a deactivated user. */
  editProfile: boolean;
  /** Status actions (resend, reset, deactivate, reactivate): an admin, never on oneself. */
  statusActions: boolean;
  /** The type tiles: an admin, never on oneself. */
  changeType: boolean;
  /** Mobile App Access and Beta Versions switches: an admin. */
  changeOptions: boolean;
};

export function userPermissions(viewer: RegistrationInfo, user: UserDetails): UserPermissions {
  const self = viewer.user_id === user.id;
  const admin = viewer.user_type === 'console_admin';
  const active = user.status !== 'deactivated';
  return {
    self,
    admin,
    editProfile: active && (self || admin),
    statusActions: admin && !self,
    changeType: admin && !self && active,
    changeOptions: admin && active,
  };
}

/** Settings is hidden for deactivated users; Apps also for users without devices (000 §2.8). */
export function userMenuEntries(user: UserDetails): { settings: boolean; apps: boolean } {
  const deactivated = user.status === 'deactivated';
  return { settings: !deactivated, apps: !deactivated && user.devices.length > 0 };
}

/**
 * The page of a user whose menu entry is hidden (000 §2.8): Settings of a deactivated user (002 §2.7),
 * Apps of a deactivated user or one without devices (002 §2.6). Such an address goes to Information.
 */
export function hiddenUserPage(user: UserDetails, pathname: string): 'settings' | 'apps' | null {
  const page = /\/(settings|apps)\/?$/.exec(pathname)?.[1] as 'settings' | 'apps' | undefined;
  if (!page) return null;
  return userMenuEntries(user)[page] ? null : page;
}
