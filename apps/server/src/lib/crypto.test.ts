import { describe, expect, it } from 'vitest';
import { hashPassword, randomAlphanumeric, randomToken, safeEqual, sha256, verifyPassword } from './crypto.js';

describe('password hashing', () => {
  it('uses argon2id at OWASP’s minimum parameters, with a random salt', async () => {
    const a = await hashPassword('Correct-Horse1');
    const b = await hashPassword('Correct-Horse1');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Correct-Horse1');
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('Correct-Horse1');
    expect(await verifyPassword(stored, 'Correct-Horse1')).toBe(true);
    expect(await verifyPassword(stored, 'correct-horse1')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('refuses, without throwing, when there is no hash or it is corrupt', async () => {
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
    expect(await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'anything')).toBe(false);
  });

  it('spends hashing time on a user without a hash, like on a real check', async () => {
    const stored = await hashPassword('Correct-Horse1');
    // The fastest of three runs of each, so that a busy machine does not skew one side.
    const time = async (f: () => Promise<unknown>) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const start = performance.now();
        await f();
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    const real = await time(() => verifyPassword(stored, 'wrong'));
    const missing = await time(() => verifyPassword(null, 'wrong'));
    expect(missing).toBeGreaterThan(real / 4);
  });
});

describe('random values', () => {
  it('makes URL-safe tokens of the asked entropy', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(Array.from({ length: 100 }, () => randomToken())).size).toBe(100);
  });

  it('makes alphanumeric strings of the asked length, using the whole alphabet', () => {
    const s = randomAlphanumeric(64);
    expect(s).toMatch(/^[A-Za-z0-9]{64}$/);
    expect(randomAlphanumeric(64)).not.toBe(s);
    const seen = new Set(randomAlphanumeric(20_000));
    expect(seen.size).toBe(62);
  });
});

describe('sha256 and safeEqual', () => {
  it('hashes as SHA-256 in hex', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('compares strings, including ones of different lengths, without throwing', () => {
    expect(safeEqual('token-1', 'token-1')).toBe(true);
    expect(safeEqual('token-1', 'token-2')).toBe(false);
    expect(safeEqual('token', 'token-1')).toBe(false);
    expect(safeEqual('', '')).toBe(true);
    expect(safeEqual('é', 'e')).toBe(false);
  });
});
