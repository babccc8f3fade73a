import { describe, expect, it } from 'vitest';
import { ID_MAX } from '@wayguard/contracts';
import { parseRouteId, paths, segment } from '../paths';

describe('paths', () => {
  it('builds deep links with their filters as the list reads them (000 §2.3)', () => {
    expect(paths.users.list.href()).toBe('/users');
    expect(paths.users.list.href({ filters: ['awaiting_activation', 'password_reset'] })).toBe(
      '/users?awaiting_activation=1&password_reset=1',
    );
    expect(paths.devices.list.href({ filters: ['critical_alerts'] })).toBe('/devices?critical_alerts=1');
  });

  it('builds the pages of a user, a server user, a device and a request list', () => {
    expect(paths.users.details.href(7)).toBe('/users/7');
    expect(paths.users.settings.href(7)).toBe('/users/7/settings');
    expect(paths.users.serverUser.href(3, 'screen-captures')).toBe('/users/server_users/3/screen-captures');
    expect(paths.devices.href('mobile', 'a b/c', 'settings')).toBe('/devices/mobile/a%20b%2Fc/settings');
    expect(paths.requests.href('media')).toBe('/requests/media');
    expect(paths.requests.href('apps', 'pending/tech')).toBe('/requests/apps/pending/tech');
  });

  it('keeps the public pages’ query parameters (000 §2.1)', () => {
    expect(paths.login.href({ username: 'ann', email: null })).toBe('/login?username=ann');
    expect(paths.resetPassword.href('  ann ')).toBe('/reset_password?username=ann');
    expect(paths.account.href({ addLogo: true })).toBe('/account?add_logo=1');
  });

  it('gives the route table its nested segments, and refuses a path outside its parent', () => {
    expect(segment(paths.users.details.path, paths.users.list.path)).toBe(':userId');
    expect(segment(paths.users.list.path, paths.home.path)).toBe('users');
    expect(() => segment(paths.account.path, paths.users.list.path)).toThrow();
  });

  it('parses what href builds: a device, a console user, a server user; null when unusable', () => {
    expect(paths.devices.parse({ machineId: 'NFPC1001' })).toEqual({ kind: 'machine', id: 'NFPC1001' });
    expect(paths.devices.parse({ mobileId: ' NFMB2001 ' })).toEqual({ kind: 'mobile', id: 'NFMB2001' });
    expect(paths.devices.parse({ mobileId: '' })).toBeNull();
    expect(paths.devices.parse({ userId: '3' })).toBeNull();
    expect(paths.users.details.parse({ userId: '42' })).toBe(42);
    expect(paths.users.details.parse({ userId: '042' })).toBeNull();
    expect(paths.users.details.parse({ serverUserId: '42' })).toBeNull();
    expect(paths.users.serverUser.parse({ serverUserId: '7' })).toBe(7);
    expect(paths.users.serverUser.parse({ serverUserId: '-7' })).toBeNull();
  });

  it("takes ids up to the contracts' ID_MAX", () => {
    expect(parseRouteId(String(ID_MAX))).toBe(ID_MAX);
    expect(parseRouteId(String(ID_MAX + 1))).toBeNull();
  });
});
