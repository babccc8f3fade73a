/**
 * One key per use, derived from config SECRET_KEY with HKDF-SHA256 and a distinct `info` label: a key
 * learnt or misused in one place (a captcha HMAC, a block-page ticket) opens nothing in another.
 */
import { hkdfSync } from 'node:crypto';

const cache = new Map<string, Buffer>();

/** 32 bytes for `info`; the same inputs give the same key (cached per process). */
export function derivedKey(secretKey: string, info: string): Buffer {
  const id = `${info}\u0000${secretKey}`;
  let key = cache.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', Buffer.from(secretKey, 'utf8'), Buffer.alloc(0), info, 32));
    cache.set(id, key);
  }
  return key;
}
