/** lib/secret-box.ts: sealed text opens with the same key only, and any change to it is detected. */
import { describe, expect, it } from 'vitest';
import { openText, sealText } from './secret-box.js';

const KEY = 'k'.repeat(48);

describe('secret box', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const a = sealText(KEY, 'Tr1cky-Pass ünïcode');
    const b = sealText(KEY, 'Tr1cky-Pass ünïcode');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Tr1cky');
    expect(openText(KEY, a)).toBe('Tr1cky-Pass ünïcode');
    expect(openText(KEY, b)).toBe('Tr1cky-Pass ünïcode');
    expect(openText(KEY, sealText(KEY, ''))).toBe('');
  });

  it('refuses another key, a changed byte anywhere, a truncated text and an unknown version', () => {
    const sealed = sealText(KEY, 'secret');
    expect(() => openText('another key of enough length to be real', sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const changed = Buffer.from(raw);
      changed[i] = changed[i]! ^ 1;
      expect(() => openText(KEY, `v1.${changed.toString('base64url')}`)).toThrow();
    }
    expect(() => openText(KEY, `v1.${raw.subarray(0, 20).toString('base64url')}`)).toThrow();
    expect(() => openText(KEY, `v2.${sealed.slice(3)}`)).toThrow();
  });
});
