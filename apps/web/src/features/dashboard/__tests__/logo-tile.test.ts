/** The logo tile promises the logo editor only to those who may use it (000 §2.3, §2.6). */
import { describe, expect, it } from 'vitest';
import { logoSource, logoTileView } from '../logo-tile';

describe('logoTileView', () => {
  it('offers a Console Admin to add or change the logo, in the editor', () => {
    expect(logoTileView(true, false)).toEqual({
      to: '/account?add_logo=1',
      title: 'Add your account logo',
      note: null,
    });
    expect(logoTileView(true, true)).toMatchObject({ to: '/account?add_logo=1', title: 'Change your account logo' });
  });

  it('promises nobody else an editor they cannot open', () => {
    for (const hasLogo of [false, true]) {
      const v = logoTileView(false, hasLogo);
      expect(v.to).toBe('/account');
      expect(`${v.title} ${v.note ?? ''}`).not.toMatch(/add your|change your/i);
    }
    expect(logoTileView(false, false)).toEqual({
      to: '/account',
      title: 'No account logo yet',
      note: 'A Console Admin can add one.',
    });
  });
});

describe('logoSource', () => {
  it('keeps a data URL, types base64 data by its file name (PNG when unknown), and has none without data', () => {
    expect(logoSource({ data: 'data:image/gif;base64,R0lG', filename: 'a.gif' })).toBe('data:image/gif;base64,R0lG');
    expect(logoSource({ data: 'AAAA', filename: 'logo.JPG' })).toBe('data:image/jpeg;base64,AAAA');
    expect(logoSource({ data: 'AAAA', filename: 'logo' })).toBe('data:image/png;base64,AAAA');
    expect(logoSource(null)).toBeNull();
    expect(logoSource(undefined)).toBeNull();
  });
});
