/**
 * Sealing short secrets kept in the database (a set_password command's password until the device
 * receives it): AES-256-GCM under a key derived from config SECRET_KEY with HKDF-SHA256, so the
 * database alone does not reveal them. Sealed form: 'v1.' + base64url(iv | tag | ciphertext).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1.';
const INFO = 'wayguard device command payload';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyCache = new Map<string, Buffer>();

function keyOf(secretKey: string): Buffer {
  let key = keyCache.get(secretKey);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), Buffer.alloc(0), INFO, 32));
    keyCache.set(secretKey, key);
  }
  return key;
}

/** Encrypts `plain`; each call uses a fresh random IV, so the same text seals differently. */
export function sealText(secretKey: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return VERSION + Buffer.concat([iv, tag, ciphertext]).toString('base64url');
}

/** Decrypts what `sealText` sealed; throws when the text was changed, or sealed under another key. */
export function openText(secretKey: string, sealed: string): string {
  if (!sealed.startsWith(VERSION)) throw new Error('Unknown sealed text format');
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('Sealed text too short');
  const iv = raw.subarray(0, IV_BYTES);
  const tag = raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
