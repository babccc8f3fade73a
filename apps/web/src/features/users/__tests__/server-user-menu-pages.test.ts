import { describe, expect, it } from 'vitest';
import { menuPages } from '../lib/server-user-permissions';
import type { ServerUserPage } from '../../../lib/paths';

const both = { allow_screen_capture_access: true, manage_server_users: true };
const ALL: ServerUserPage[] = ['settings', 'websites', 'categories', 'media', 'screen-captures'];

describe('server user menu pages (000 §6, 002 §6)', () => {
  it('lists settings and web access for an active user, screen captures with both permissions', () => {
    expect(menuPages({ status: 'activated' }, both, ALL)).toEqual(ALL);
  });

  it('leaves out screen captures unless both permissions are on', () => {
    for (const permissions of [
      { allow_screen_capture_access: true, manage_server_users: false },
      { allow_screen_capture_access: false, manage_server_users: true },
    ])
      expect(menuPages({ status: 'activated' }, permissions, ALL)).toEqual([
        'settings',
        'websites',
        'categories',
        'media',
      ]);
  });

  it('hides every page but Information for a deleted user', () => {
    expect(menuPages({ status: 'deactivated' }, both, ALL)).toEqual([]);
  });

  it('shows only the pages whose screens exist: today Settings and Web Access', () => {
    expect(menuPages({ status: 'activated' }, both)).toEqual(['settings', 'websites', 'categories', 'media']);
  });
});
