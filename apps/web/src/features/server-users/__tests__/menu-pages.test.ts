import { describe, expect, it } from 'vitest';
import { menuPages } from '../lib/permissions';

const both = { allow_screen_capture_access: true, manage_server_users: true };

describe('server user menu pages (000 §6, 002 §6)', () => {
  it('lists settings and web access for an active user, screen captures with both permissions', () => {
    expect(menuPages({ status: 'activated' }, both)).toEqual([
      'settings',
      'websites',
      'categories',
      'media',
      'screen-captures',
    ]);
  });

  it('leaves out screen captures unless both permissions are on', () => {
    for (const permissions of [
      { allow_screen_capture_access: true, manage_server_users: false },
      { allow_screen_capture_access: false, manage_server_users: true },
    ])
      expect(menuPages({ status: 'activated' }, permissions)).toEqual(['settings', 'websites', 'categories', 'media']);
  });

  it('hides every page but Information for a deleted user', () => {
    expect(menuPages({ status: 'deactivated' }, both)).toEqual([]);
  });
});
