import { describe, expect, it } from 'vitest';
import type { RegistrationInfo, UserDetails } from '@wayguard/contracts';
import { hiddenUserPage, userMenuEntries, userPermissions } from '../lib/permissions';
import { parseRouteId as parseUserId } from '../../../lib/paths';

const viewer = (user_id: number, user_type: RegistrationInfo['user_type']) =>
  ({ user_id, user_type }) as RegistrationInfo;
const user = (id: number, status: UserDetails['status'], devices = 0) =>
  ({
    id,
    status,
    devices: Array.from({ length: devices }, (_, i) => ({ id: `D${i}`, name: 'd', type: 'mobile' })),
  }) as UserDetails;

describe('userPermissions', () => {
  it('lets an admin act on others but not change their own type or status', () => {
    expect(userPermissions(viewer(1, 'console_admin'), user(2, 'activated'))).toEqual({
      self: false,
      admin: true,
      editProfile: true,
      statusActions: true,
      changeType: true,
      changeOptions: true,
    });
    const own = userPermissions(viewer(1, 'console_admin'), user(1, 'activated'));
    expect(own).toMatchObject({ self: true, editProfile: true, statusActions: false, changeType: false });
  });

  it('lets everyone edit their own profile and nobody edit a deactivated one', () => {
    expect(userPermissions(viewer(3, 'console_user'), user(3, 'activated'))).toMatchObject({
      editProfile: true,
      changeOptions: false,
      statusActions: false,
    });
    expect(userPermissions(viewer(3, 'requests_admin'), user(4, 'activated')).editProfile).toBe(false);
    expect(userPermissions(viewer(1, 'console_admin'), user(2, 'deactivated'))).toMatchObject({
      editProfile: false,
      statusActions: true,
      changeType: false,
    });
  });
});

describe('userMenuEntries (000 §2.8)', () => {
  it('hides Settings for deactivated users and Apps without devices', () => {
    expect(userMenuEntries(user(1, 'activated'))).toEqual({ settings: true, apps: false });
    expect(userMenuEntries(user(1, 'password_reset', 2))).toEqual({ settings: true, apps: true });
    expect(userMenuEntries(user(1, 'deactivated', 2))).toEqual({ settings: false, apps: false });
  });
});

describe('hiddenUserPage (000 §2.8, 002 §2.6, §2.7)', () => {
  it('names Settings of a deactivated user and Apps without devices; Information is always open', () => {
    expect(hiddenUserPage(user(1, 'activated'), '/users/1')).toBeNull();
    expect(hiddenUserPage(user(1, 'activated'), '/users/1/settings')).toBeNull();
    expect(hiddenUserPage(user(1, 'activated'), '/users/1/apps')).toBe('apps');
    expect(hiddenUserPage(user(1, 'awaiting_activation', 1), '/users/1/apps/')).toBeNull();
    expect(hiddenUserPage(user(1, 'deactivated', 1), '/users/1')).toBeNull();
    expect(hiddenUserPage(user(1, 'deactivated', 1), '/users/1/settings')).toBe('settings');
    expect(hiddenUserPage(user(1, 'deactivated', 1), '/users/1/apps')).toBe('apps');
  });
});

describe('parseUserId', () => {
  it('accepts database ids only', () => {
    expect(parseUserId('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '01', '1.5', 'abc', '2147483648', '99999999999']) {
      expect(parseUserId(bad), String(bad)).toBeNull();
    }
  });
});
