/**
 * lib/secret-box.ts: sealed text opens with the same key and purpose only, and any change to it is
 * detected; command payloads sealed before purposes existed still open.
 */
import { createCipheriv, hkdfSync, randomBytes } from 'node:crypto';
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

  it('keys each purpose apart: a block-page ticket does not open as a command payload, nor the reverse', () => {
    const ticket = sealText(KEY, '{"a":1}', 'block-page ticket');
    expect(openText(KEY, ticket, 'block-page ticket')).toBe('{"a":1}');
    expect(() => openText(KEY, ticket, 'command payload')).toThrow();
    expect(() => openText(KEY, ticket)).toThrow();
    const payload = sealText(KEY, 'Tr1cky-Pass', 'command payload');
    expect(() => openText(KEY, payload, 'block-page ticket')).toThrow();
  });

  it('still opens a command payload sealed by the version before purposes (one HKDF label for all)', () => {
    const key = Buffer.from(
      hkdfSync('sha256', Buffer.from(KEY), Buffer.alloc(0), 'wayguard device command payload', 32),
    );
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const ciphertext = Buffer.concat([cipher.update('Old-Pass-1', 'utf8'), cipher.final()]);
    const old = `v1.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
    expect(openText(KEY, old)).toBe('Old-Pass-1');
    expect(openText(KEY, old, 'command payload')).toBe('Old-Pass-1');
  });
});
