/**
 * Sealing short secrets: a set_password command's password kept in the database until the device
 * receives it, and the block page's tickets (agent/requests/block-page.ts). AES-256-GCM under a key
 * derived from config SECRET_KEY with HKDF-SHA256, one key per purpose (lib/derived-key.ts), so the
 * database alone does not reveal them and a value sealed for one purpose does not open as the other.
 * Sealed form: 'v1.' + base64url(iv | tag | ciphertext).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from './derived-key.js';

const VERSION = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * HKDF info of each purpose. Command payloads keep the label all payloads had before purposes
 * existed, so payloads sealed by an older version still open; tickets live an hour and got their own.
 */
const INFO = {
  'command payload': 'wayguard device command payload',
  'block-page ticket': 'wayguard block-page ticket',
} as const;
export type SealPurpose = keyof typeof INFO;

const keyOf = (secretKey: string, purpose: SealPurpose) => derivedKey(secretKey, INFO[purpose]);

/** Encrypts `plain`; each call uses a fresh random IV, so the same text seals differently. */
export function sealText(secretKey: string, plain: string, purpose: SealPurpose = 'command payload'): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey, purpose), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return VERSION + Buffer.concat([iv, tag, ciphertext]).toString('base64url');
}

/** Decrypts what `sealText` sealed; throws when the text was changed, or sealed under another key or purpose. */
export function openText(secretKey: string, sealed: string, purpose: SealPurpose = 'command payload'): string {
  if (!sealed.startsWith(VERSION)) throw new Error('Unknown sealed text format');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed text too short');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey, purpose), iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
