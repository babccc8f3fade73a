import { describe, expect, it } from 'vitest';
import { menuPages, pageOpens } from '../lib/server-user-permissions';
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

describe('pages opened by address (issue 26; 002 §4.10)', () => {
  const none = { allow_screen_capture_access: false, manage_server_users: false };
  it("opens a deleted user's Information and Settings (which has its own rule), not web access or captures", () => {
    for (const page of [undefined, '', 'settings']) expect(pageOpens(page, { status: 'deactivated' }, both)).toBe(true);
    for (const page of ['websites', 'categories', 'media', 'screen-captures'])
      expect(pageOpens(page, { status: 'deactivated' }, both), page).toBe(false);
  });
  it('opens Screen Captures only with both permissions', () => {
    expect(pageOpens('screen-captures', { status: 'activated' }, both)).toBe(true);
    expect(pageOpens('screen-captures', { status: 'activated' }, none)).toBe(false);
    expect(pageOpens('screen-captures', { status: 'activated' }, { ...none, manage_server_users: true })).toBe(false);
    expect(pageOpens('websites', { status: 'activated' }, none)).toBe(true);
  });
});
