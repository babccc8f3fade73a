/**
 * The review team's sign-in (issue 25): password, then TOTP code; a member without a secret cannot
 * complete it; a code is accepted once; a captcha after CAPTCHA_AFTER_FAILURES failures of the username
 * or of the address; a back-off per (username, address) that answers 429 with Retry-After, so a
 * stranger's failures at one address never keep the member out at another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  CAPTCHA_AFTER_FAILURES,
  MSG,
  PROVIDER_MSG,
  type ProviderLoginStep,
  type ProviderSessionResponse,
} from '@wayguard/contracts';
import { createTestApp, nextIp, type TestApp } from '../test/harness.js';
import { solveCaptcha } from '../test/helpers.js';
import { providerCookie, providerLogin, signInStaff, type StaffCredentials } from '../test/provider.js';
import { backoffFailure } from '../lib/backoff.js';
import { hit } from '../lib/rate-limit.js';
import { totpCode } from '../lib/totp.js';
import { createProviderStaff, DEMO_PROVIDER_STAFF, resetProviderStaffTotp } from '../seed/provider-staff.js';
import { SIGN_IN_BACKOFF, signInKeys } from './sign-in.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let n = 0;
/** A new active member with a TOTP secret, so that no other test's failures or codes touch it. */
async function member(): Promise<StaffCredentials> {
  const s = { username: `member.${++n}`, password: `Member-${n}-Password!`, fullName: `Member ${n}` };
  const made = await createProviderStaff(t.db, s);
  return { ...s, totpSecret: made.totpSecret };
}
const staffRow = async (username: string) =>
  (
    await t.db.execute<{ totp_last_counter: number | null; last_sign_in_at: Date | null }>(
      sql`SELECT totp_last_counter, last_sign_in_at FROM provider_staff WHERE username = ${username}`,
    )
  ).rows[0]!;
type Refusal = { success: false; error: string; captcha_challenge?: string };

describe('POST /login: password, then code', () => {
  it('answers the code step to the right password, then signs in with the code: a strict cookie scoped to the provider API', async () => {
    const ip = nextIp();
    const step = await providerLogin(t, { username: 'Provider', password: DEMO_PROVIDER_STAFF.password }, ip);
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json<ProviderLoginStep>()).toEqual({ success: false, mfa_required: true, captcha_challenge: null });
    expect(providerCookie(step)).toBeUndefined();

    const res = await signInStaff(t, DEMO_PROVIDER_STAFF, ip);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProviderSessionResponse>()).toMatchObject({
      success: true,
      staff: { username: 'provider', full_name: DEMO_PROVIDER_STAFF.fullName },
      csrf_token: expect.stringMatching(/.{20,}/),
    });
    expect(providerCookie(res)).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/provider' });
    expect((await staffRow('provider')).last_sign_in_at).not.toBeNull();
  });

  it('answers one text for an unknown username, a wrong password and a deactivated member, at either step', async () => {
    const gone = await member();
    await t.db.execute(sql`UPDATE provider_staff SET status = 'deactivated' WHERE username = ${gone.username}`);
    const live = await member();
    for (const [u, p, code] of [
      ['nobody.here', 'Whatever2026!', undefined],
      [live.username, 'WrongPassword1!', undefined],
      [live.username, 'WrongPassword1!', totpCode(live.totpSecret)],
      [gone.username, gone.password, undefined],
      [gone.username, gone.password, totpCode(gone.totpSecret)],
    ] as const) {
      const res = await providerLogin(t, { username: u, password: p, ...(code ? { code } : {}) });
      expect([u, res.statusCode, res.json()]).toEqual([
        u,
        401,
        expect.objectContaining({ success: false, error: PROVIDER_MSG.badCredentials }),
      ]);
      expect(providerCookie(res)).toBeUndefined();
    }
    const audits = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_events WHERE action = 'provider.login_failure'`,
    );
    expect(audits.rows[0]!.n).toBeGreaterThanOrEqual(5);
  });

  it('refuses a wrong code, and a code that is not six digits (400, the console’s text)', async () => {
    const m = await member();
    const wrong = totpCode(m.totpSecret, Date.now() - 10 * 60_000);
    const res = await providerLogin(t, { username: m.username, password: m.password, code: wrong });
    expect([res.statusCode, res.json<Refusal>().error]).toEqual([401, PROVIDER_MSG.codeWrong]);
    expect(providerCookie(res)).toBeUndefined();
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const bad = await providerLogin(t, { username: m.username, password: m.password, code });
      expect([code, bad.statusCode, bad.json<Refusal>().error]).toEqual([code, 400, MSG.mfaCode]);
    }
    const long = await providerLogin(t, { username: m.username, password: m.password, captcha: 'x'.repeat(4097) });
    expect(long.statusCode).toBe(400);
  });

  it('accepts a code once: the same code again, or an older one, is refused; of two at once exactly one wins', async () => {
    const m = await member();
    const now = Date.now();
    const sign = (code: string) => providerLogin(t, { username: m.username, password: m.password, code });
    expect((await sign(totpCode(m.totpSecret, now))).statusCode).toBe(200);
    const replay = await sign(totpCode(m.totpSecret, now));
    expect([replay.statusCode, replay.json<Refusal>().error]).toEqual([401, PROVIDER_MSG.codeWrong]);
    expect((await sign(totpCode(m.totpSecret, now - 30_000))).statusCode).toBe(401);

    const other = await member();
    const code = totpCode(other.totpSecret);
    const raced = await Promise.all(
      [nextIp(), nextIp()].map((ip) =>
        providerLogin(t, { username: other.username, password: other.password, code }, ip),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('never completes the sign-in of a member without a TOTP secret, right password and code or not', async () => {
    const m = await member();
    await t.db.execute(sql`UPDATE provider_staff SET totp_secret = NULL WHERE username = ${m.username}`);
    for (const code of [undefined, totpCode(m.totpSecret), '000000']) {
      const res = await providerLogin(t, { username: m.username, password: m.password, ...(code ? { code } : {}) });
      expect([code, res.statusCode, res.json<Refusal>().error]).toEqual([code, 401, PROVIDER_MSG.totpNotSet]);
      expect(providerCookie(res)).toBeUndefined();
    }
  });
});

describe('the operator’s TOTP secrets (create-provider-staff, reset-provider-staff-totp)', () => {
  it('a new member gets a random base32 secret; a reset gives a new one, ends their sessions, and it signs in', async () => {
    const m = await member();
    expect(m.totpSecret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await member()).totpSecret).not.toBe(m.totpSecret);
    const live = await signInStaff(t, m);
    expect(live.statusCode).toBe(200);
    await t.db.execute(sql`UPDATE provider_staff SET totp_secret = NULL WHERE username = ${m.username}`);

    const secret = await resetProviderStaffTotp(t.db, m.username.toUpperCase());
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const sessions = await t.db.execute(
      sql`SELECT 1 FROM provider_sessions s JOIN provider_staff p ON p.id = s.staff_id WHERE p.username = ${m.username}`,
    );
    expect(sessions.rows).toEqual([]);
    expect((await staffRow(m.username)).totp_last_counter).toBeNull();
    const old = await providerLogin(t, { username: m.username, password: m.password, code: totpCode(m.totpSecret) });
    expect(old.statusCode).toBe(401);
    expect((await signInStaff(t, { ...m, totpSecret: secret })).statusCode).toBe(200);
    await expect(resetProviderStaffTotp(t.db, 'no.such.member')).rejects.toThrow(/No staff member/);
  });
});

describe('POST /login: captcha and back-off, no lock', () => {
  it(`asks for a captcha after ${CAPTCHA_AFTER_FAILURES} failures of a username (from any addresses), and accepts a solved one`, async () => {
    const m = await member();
    for (let i = 1; i <= CAPTCHA_AFTER_FAILURES; i++) {
      const res = await providerLogin(t, { username: m.username, password: `Wrong-${i}-Password` });
      expect(res.statusCode).toBe(401);
      // The failure that reaches the count hands over the challenge for the next try.
      expect([i, typeof res.json<Refusal>().captcha_challenge]).toEqual([
        i,
        i < CAPTCHA_AFTER_FAILURES ? 'undefined' : 'string',
      ]);
    }
    const asked = await providerLogin(t, { username: m.username, password: m.password });
    expect([asked.statusCode, asked.json<Refusal>().error]).toEqual([400, PROVIDER_MSG.captchaRequired]);
    const challenge = asked.json<Refusal>().captcha_challenge!;
    expect(challenge).toEqual(expect.any(String));
    const ip = nextIp();
    const captcha = await solveCaptcha(challenge);
    const step = await providerLogin(t, { username: m.username, password: m.password, captcha }, ip);
    expect(step.statusCode, step.body).toBe(200);
    // Still due at the code step: the answer hands over a new challenge; a solution is taken once.
    const next = step.json<ProviderLoginStep>().captcha_challenge!;
    expect(next).toEqual(expect.any(String));
    const code = totpCode(m.totpSecret);
    const reused = await providerLogin(t, { username: m.username, password: m.password, code, captcha }, ip);
    expect(reused.statusCode).toBe(400);
    const done = await providerLogin(
      t,
      { username: m.username, password: m.password, code, captcha: await solveCaptcha(next) },
      ip,
    );
    expect(done.statusCode, done.body).toBe(200);
  });

  it(`asks for a captcha after ${CAPTCHA_AFTER_FAILURES} failures from an address (any usernames)`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++)
      expect((await providerLogin(t, { username: `nobody.${i}`, password: 'Wrong-Password-1' }, ip)).statusCode).toBe(
        401,
      );
    const m = await member();
    const res = await providerLogin(t, { username: m.username, password: m.password }, ip);
    expect([res.statusCode, res.json<Refusal>().error]).toEqual([400, PROVIDER_MSG.captchaRequired]);
    // Another address is not asked for this username.
    expect((await providerLogin(t, { username: m.username, password: m.password })).statusCode).toBe(200);
  });

  it('backs off one (username, address) pair with a growing wait: 429 with Retry-After, before the password is checked', async () => {
    const m = await member();
    const ip = nextIp();
    const keys = signInKeys(m.username, ip);
    for (let i = 0; i < SIGN_IN_BACKOFF.free; i++)
      expect((await providerLogin(t, { username: m.username, password: `Wrong-${i}-Password` }, ip)).statusCode).toBe(
        401,
      );
    const counted = await t.db.execute<{ count: number }>(
      sql`SELECT count FROM rate_counters WHERE key = ${keys.pair}`,
    );
    expect(counted.rows[0]!.count).toBe(SIGN_IN_BACKOFF.free);
    // Four more failures, recorded as sign-ins leave them: the wait is now 2^4 = 16 seconds.
    for (let i = 0; i < 4; i++) await backoffFailure(t.db, keys.pair, SIGN_IN_BACKOFF);
    const res = await providerLogin(
      t,
      { username: m.username, password: m.password, code: totpCode(m.totpSecret) },
      ip,
    );
    expect([res.statusCode, res.json<Refusal>().error]).toEqual([429, PROVIDER_MSG.tooManyAttempts]);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(8);
    expect(retryAfter).toBeLessThanOrEqual(16);
    // Refused before the password and the code were looked at: the code was not used up.
    expect((await staffRow(m.username)).totp_last_counter).toBeNull();
  });

  it('a stranger’s many failures at address X never keep the member out at address Y', async () => {
    const m = await member();
    const x = nextIp();
    const keys = signInKeys(m.username, x);
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++)
      expect((await providerLogin(t, { username: m.username, password: `Guess-${i}-Password` }, x)).statusCode).toBe(
        401,
      );
    // The stranger goes on (solving captchas, waiting out the back-off): 20 more failures, recorded as
    // sign-ins leave them, enough for the old lock of 10 in 15 minutes twice over.
    for (let i = 0; i < 20; i++) {
      await hit(t.db, keys.user, 15 * 60);
      await hit(t.db, keys.ip, 15 * 60);
      await backoffFailure(t.db, keys.pair, SIGN_IN_BACKOFF);
    }
    const stranger = await providerLogin(t, { username: m.username, password: m.password }, x);
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(60);

    // The member at Y: a captcha (the username's failures), then password and code.
    const y = nextIp();
    const asked = await providerLogin(t, { username: m.username, password: m.password }, y);
    expect(asked.statusCode).toBe(400);
    const step = await providerLogin(
      t,
      {
        username: m.username,
        password: m.password,
        captcha: await solveCaptcha(asked.json<Refusal>().captcha_challenge!),
      },
      y,
    );
    expect(step.statusCode, step.body).toBe(200);
    const res = await providerLogin(
      t,
      {
        username: m.username,
        password: m.password,
        code: totpCode(m.totpSecret),
        captcha: await solveCaptcha(step.json<ProviderLoginStep>().captcha_challenge!),
      },
      y,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(providerCookie(res)).toBeDefined();
  });

  it('an address past its per-minute limit is refused (429) whatever the username', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < t.config.LOGIN_RATE_PER_MINUTE + 1; i++)
      statuses.push(
        (await providerLogin(t, { username: `someone-${i}`, password: 'Wrong-Password-1' }, ip)).statusCode,
      );
    expect(statuses.slice(0, -1).every((s) => s === 401 || s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
