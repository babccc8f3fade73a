/**
 * The demo's SECRET_KEY (config.ts): no published fallback key exists. The demo (embedded database,
 * not production) without SECRET_KEY gets 32 random bytes, written once to DATA_DIR/secret-key
 * (mode 0600) and read back at every start, so that sealed values and captcha challenges outlive a restart.
 */
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

const FILE = 'secret-key';

export function demoSecretKey(dataDir: string): string {
  const file = path.resolve(dataDir, FILE);
  try {
    return readKey(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Written aside, then linked into place (atomic, fails if present): of two processes starting at once
  // (server and cli), the first one's key wins and neither reads a half-written file.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    unlinkSync(aside);
  }
  return readKey(file);
}

function readKey(file: string): string {
  const key = readFileSync(file, 'utf8').trim();
  if (key.length < 32) throw new Error(`${file} holds no key of 32 characters or more: remove it or set SECRET_KEY`);
  return key;
}
