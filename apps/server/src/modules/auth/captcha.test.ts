import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Challenge, Solution } from 'altcha-lib';
import { call, createTestApp, nextIp, type TestApp } from '../../test/harness.js';
import { solveCaptcha } from '../../test/helpers.js';
import { createCaptchaChallenge, verifyCaptcha } from '../../lib/captcha.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

type Payload = { challenge: Challenge; solution: Solution };
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Payload;
const encode = (p: unknown) => Buffer.from(JSON.stringify(p)).toString('base64');
const verify = (payload: string | undefined) => verifyCaptcha(t.db, t.config.SECRET_KEY, payload);
const easyToken = (secret = t.config.SECRET_KEY) => createCaptchaChallenge(secret, { min: 1, max: 20 });

describe('GET /recaptcha_token', () => {
  it('serves a fresh signed ALTCHA challenge to anyone, valid for 10 minutes', async () => {
    const res = await call(t.app, 'GET', '/recaptcha_token');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; token: string }>();
    expect(body.success).toBe(true);
    const challenge = JSON.parse(body.token) as Challenge;
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const ttl = (challenge.parameters.expiresAt ?? 0) - Date.now() / 1000;
    expect(ttl).toBeGreaterThan(9 * 60);
    expect(ttl).toBeLessThanOrEqual(10 * 60);
    const second = (await call(t.app, 'GET', '/recaptcha_token')).json<{ token: string }>().token;
    expect(second).not.toBe(body.token);
  });

  it('is solvable as served, and the solution is accepted once', async () => {
    const { token } = (await call(t.app, 'GET', '/recaptcha_token')).json<{ token: string }>();
    const payload = await solveCaptcha(token);
    expect(await verify(payload)).toBe(true);
    expect(await verify(payload)).toBe(false);
  });

  it('answers 429 to the 61st challenge in a minute from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 60; i++) expect((await call(t.app, 'GET', '/recaptcha_token', { ip })).statusCode).toBe(200);
    const res = await call(t.app, 'GET', '/recaptcha_token', { ip });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('verifyCaptcha', () => {
  it('refuses payloads that are not a solved challenge', async () => {
    const cases: (string | undefined)[] = [
      undefined,
      '',
      'not base64 at all',
      encode({}),
      encode(null),
      encode([]),
      encode({ challenge: { parameters: {}, signature: 5 }, solution: {} }),
      'A'.repeat(4097),
    ];
    for (const c of cases) expect(await verify(c)).toBe(false);
  });

  it('refuses a wrong solution, or the solution of another challenge', async () => {
    const p = decode(await solveCaptcha(await easyToken()));
    const other = decode(await solveCaptcha(await easyToken()));
    expect(await verify(encode({ ...p, solution: { ...p.solution, derivedKey: '00'.repeat(32) } }))).toBe(false);
    expect(await verify(encode({ ...p, solution: other.solution }))).toBe(false);
    // The untouched solution still works: the refusals above were about the changes.
    expect(await verify(encode(p))).toBe(true);
  });

  it('refuses a challenge whose parameters were changed (signature no longer matches)', async () => {
    const p = decode(await solveCaptcha(await easyToken()));
    const later = (p.challenge.parameters.expiresAt ?? 0) + 3600;
    expect(
      await verify(
        encode({ ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, expiresAt: later } } }),
      ),
    ).toBe(false);
    expect(
      await verify(encode({ ...p, challenge: { ...p.challenge, parameters: { ...p.challenge.parameters, cost: 1 } } })),
    ).toBe(false);
  });

  it('refuses a challenge signed with another key', async () => {
    const foreign = await solveCaptcha(await easyToken('another-secret-key-0123456789abcdef0123'));
    expect(await verify(foreign)).toBe(false);
  });

  it('refuses a challenge after its 10 minutes', async () => {
    const payload = await solveCaptcha(await easyToken());
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 5_000 });
    expect(await verify(payload)).toBe(false);
  });

  it('refuses a replay even across a clock boundary of the replay window', async () => {
    // Solve just before a 20-minute clock boundary, replay just after it (both within the challenge's life).
    const boundary = Math.ceil(Date.now() / 1_200_000) * 1_200_000 + 1_200_000;
    vi.useFakeTimers({ toFake: ['Date'], now: boundary - 60_000 });
    const payload = await solveCaptcha(await easyToken());
    expect(await verify(payload)).toBe(true);
    vi.setSystemTime(boundary + 60_000);
    expect(await verify(payload)).toBe(false);
  });
});
