import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../lib/safe-redirect';

const here = { origin: 'https://console.example' } as Location;

describe('safeRedirectPath', () => {
  it('keeps a same-site path with its query and hash', () => {
    expect(safeRedirectPath('/users?page=2#top', here)).toBe('/users?page=2#top');
    expect(safeRedirectPath('/devices/machine/7/settings', here)).toBe('/devices/machine/7/settings');
  });

  it('sends anything else home', () => {
    for (const origin of [
      null,
      '',
      'users',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/login',
      '/login?origin=/users',
    ]) {
      expect(safeRedirectPath(origin, here)).toBe('/');
    }
  });
});
