import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_BASE, CSRF_HEADER, MSG, type LoginResponse } from '@wayguard/contracts';
import { call, createTestApp, login, nextIp, sessionCookie, type TestApp } from '../../test/harness.js';
import { DEMO_USERS, signInAs } from '../../test/demo.js';
import { auditRows, easyCaptcha, freshUser, solveCaptcha, userByName } from '../../test/helpers.js';
import { rateCounters, users } from '../../db/schema/index.js';
import { DEMO_TOTP_SECRET } from '../../seed/demo-users.js';
import { totpCode, totpQrCode } from '../../lib/totp.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type LoginBody = Record<string, unknown>;
const attempt = (payload: LoginBody, ip = nextIp()) => call(t.app, 'POST', '/login', { payload, ip });
const body = (res: { json: <T>() => T }) => res.json<LoginResponse>();

const refused = {
  success: false,
  recaptcha_access_token: null,
  must_change_password: false,
  mfa_required: false,
  mfa_qr_code: null,
  mfa_setup_key: null,
  csrf_token: null,
};

describe('POST /login', () => {
  it('signs in with the right password and returns a CSRF token and a session cookie', async () => {
    const s = await signInAs(t, 'admin');
    expect(s.csrf.length).toBeGreaterThanOrEqual(32);
    const res = await call(t.app, 'GET', '/registration_info', { session: s });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_full_name).toBe('Alex Morgan');
  });

  it('answers success in the spec shape, with nothing else set', async () => {
    const res = await attempt({ username: 'reviewer', password: DEMO_USERS.reviewer.password });
    expect(res.statusCode).toBe(200);
    const b = body(res);
    expect(b).toEqual({ ...refused, success: true, error_message: null, csrf_token: expect.any(String) });
    expect(sessionCookie(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('compares the username without regard to case or surrounding spaces', async () => {
    const res = await attempt({ username: '  REVIEWER ', password: DEMO_USERS.reviewer.password });
    expect(body(res).success).toBe(true);
  });

  it('refuses a wrong password with the spec shape and no session', async () => {
    const res = await call(t.app, 'POST', '/login', { payload: { username: 'admin', password: 'nope' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, error_message: MSG.badCredentials, csrf_token: null });
    expect(res.cookies.find((c) => c.name === 'wg_session')).toBeUndefined();
  });

  it('gives an unknown username exactly the answer of a wrong password', async () => {
    const known = await attempt({ username: 'teacher', password: 'Wrong-Password-1' });
    const unknown = await attempt({ username: 'nobody-here', password: 'Wrong-Password-1' });
    expect(body(unknown)).toEqual({ ...refused, error_message: MSG.badCredentials });
    expect(body(unknown)).toEqual(body(known));
    expect(sessionCookie(unknown)).toBeUndefined();
  });

  it('treats a user awaiting activation as wrong credentials', async () => {
    const res = await attempt({ username: 'newstaff', password: 'AnyPassword1' });
    expect(body(res)).toEqual({ ...refused, error_message: MSG.badCredentials });
  });

  it('refuses a deactivated user even with the right password', async () => {
    const res = await attempt({ username: 'formerstaff', password: DEMO_USERS.formerstaff.password });
    expect(body(res)).toEqual({
      ...refused,
      error_message: 'This user account has been deactivated. Please contact your administrator.',
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it.each([
    [{ password: 'x' }, MSG.usernameRequired],
    [{ username: '', password: 'x' }, MSG.usernameRequired],
    [{ username: '   ', password: 'x' }, MSG.usernameRequired],
    [{ username: 42, password: 'x' }, MSG.usernameRequired],
    [{ username: 'admin' }, MSG.passwordRequired],
    [{ username: 'admin', password: '' }, MSG.passwordRequired],
  ])('answers 400 with the spec message for %j', async (payload, message) => {
    const res = await attempt(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message, error_message: message });
  });

  it('answers 400 naming every invalid field', async () => {
    const res = await attempt({});
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ username: MSG.usernameRequired, password: MSG.passwordRequired });
  });

  it('answers 400 (never 500) to malformed JSON and 415 to another content type', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      remoteAddress: nextIp(),
      headers: { [CSRF_HEADER]: 'x', 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, error: MSG.lastActionFailed });
    const form = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      remoteAddress: nextIp(),
      headers: { [CSRF_HEADER]: 'x', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=admin&password=${DEMO_USERS.admin.password}`,
    });
    expect(form.statusCode).toBe(415);
    const array = await attempt([] as unknown as LoginBody);
    expect(array.statusCode).toBe(400);
  });
});

describe('audit records of sign-in', () => {
  it('writes one login.success row per sign-in, without the password', async () => {
    const u = await userByName(t.db, 'teacher');
    const before = (await auditRows(t.db, 'login.success', u.id)).length;
    const ip = nextIp();
    await signInAs(t, 'teacher', {}, ip);
    const rows = await auditRows(t.db, 'login.success', u.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({
      accountId: u.accountId,
      actorUserId: u.id,
      targetType: 'user',
      targetId: String(u.id),
      ip,
    });
    expect(JSON.stringify(rows[0])).not.toContain(DEMO_USERS.teacher.password);
  });

  it('writes one login.failure row per failed attempt, without the password tried', async () => {
    const u = await userByName(t.db, 'admin');
    const before = (await auditRows(t.db, 'login.failure', u.id)).length;
    const ip = nextIp();
    await attempt({ username: 'admin', password: 'Secret-Guess-77' }, ip);
    const rows = await auditRows(t.db, 'login.failure', u.id);
    expect(rows).toHaveLength(before + 1);
    expect(rows[0]).toMatchObject({ accountId: u.accountId, targetId: String(u.id), ip });
    expect(JSON.stringify(rows[0])).not.toContain('Secret-Guess-77');
  });

  it('records a failure for an unknown username under no account', async () => {
    const ip = nextIp();
    await attempt({ username: 'ghost-user-1', password: 'Secret-Guess-78' }, ip);
    const rows = (await auditRows(t.db, 'login.failure')).filter((r) => r.targetId === 'ghost-user-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: null, actorUserId: null, ip });
    expect(JSON.stringify(rows)).not.toContain('Secret-Guess-78');
  });
});

describe('failure throttling', () => {
  it('answers 429 with Retry-After to the 11th attempt in a minute from one address, whatever X-Forwarded-For says', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await call(t.app, 'POST', '/login', {
        ip,
        payload: { username: `nobody${i}`, password: 'x' },
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(200));
    const res = await call(t.app, 'POST', '/login', {
      ip,
      payload: { username: 'reviewer', password: DEMO_USERS.reviewer.password },
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({
      success: false,
      error: MSG.tooManyRequests,
      error_message: MSG.tooManyRequests,
    });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(sessionCookie(res)).toBeUndefined();
    // Another address is not affected.
    expect(body(await attempt({ username: 'reviewer', password: DEMO_USERS.reviewer.password })).success).toBe(true);
  });

  it('requires a captcha after 3 failed attempts for a username (from any addresses), accepting each solution once', async () => {
    const u = freshUser();
    const first = body(await attempt({ username: u.username, password: 'wrong-1' }));
    const second = body(await attempt({ username: u.username, password: 'wrong-2' }));
    const third = body(await attempt({ username: u.username, password: 'wrong-3' }));
    expect(first.recaptcha_access_token).toBeNull();
    expect(second.recaptcha_access_token).toBeNull();
    expect(third.error_message).toBe(MSG.badCredentials);
    expect(third.recaptcha_access_token).not.toBeNull();
    const challenge = JSON.parse(third.recaptcha_access_token ?? '') as {
      parameters: { algorithm: string };
      signature: string;
    };
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.signature).toEqual(expect.any(String));

    // Without a captcha even the right password gets no session, and the answer does not tell it was right.
    const right = await attempt({ username: u.username, password: u.password });
    const wrong = await attempt({ username: u.username, password: 'wrong-4' });
    expect(sessionCookie(right)).toBeUndefined();
    expect(body(right)).toEqual({
      ...refused,
      error_message: MSG.captchaRequired,
      recaptcha_access_token: expect.any(String),
    });
    expect({ ...body(wrong), recaptcha_access_token: 'x' }).toEqual({ ...body(right), recaptcha_access_token: 'x' });
    const garbage = await attempt({
      username: u.username,
      password: u.password,
      recaptcha_response: 'bm90IGEgc29sdXRpb24=',
    });
    expect(body(garbage).error_message).toBe(MSG.captchaRequired);

    // A solved challenge lets one attempt through (here with a wrong password)...
    const payload = await solveCaptcha(body(right).recaptcha_access_token ?? '');
    const used = body(await attempt({ username: u.username, password: 'wrong-5', recaptcha_response: payload }));
    expect(used.error_message).toBe(MSG.badCredentials);
    // ...and never a second one.
    const replay = await attempt({ username: u.username, password: u.password, recaptcha_response: payload });
    expect(body(replay).error_message).toBe(MSG.captchaRequired);
    expect(sessionCookie(replay)).toBeUndefined();

    const fresh = await solveCaptcha(body(replay).recaptcha_access_token ?? '');
    const ok = await attempt({ username: u.username, password: u.password, recaptcha_response: fresh });
    expect(body(ok).success).toBe(true);
    expect(sessionCookie(ok)).toBeDefined();
  });

  it('requires a captcha after 3 failed attempts from one address (any usernames)', async () => {
    const ip = nextIp();
    const tokens: (string | null)[] = [];
    for (const name of ['nobody-a', 'nobody-b', 'nobody-c'])
      tokens.push(body(await attempt({ username: name, password: 'x' }, ip)).recaptcha_access_token);
    expect(tokens[0]).toBeNull();
    expect(tokens[1]).toBeNull();
    expect(tokens[2]).not.toBeNull();

    const u = freshUser();
    const blocked = await attempt({ username: u.username, password: u.password }, ip);
    expect(body(blocked)).toMatchObject({ success: false, error_message: MSG.captchaRequired });
    expect(sessionCookie(blocked)).toBeUndefined();
    // The username itself has no failures: from another address it signs in.
    expect(body(await attempt({ username: u.username, password: u.password })).success).toBe(true);
    // From the throttled address it signs in with a solved captcha.
    const ok = await attempt(
      { username: u.username, password: u.password, recaptcha_response: await easyCaptcha(t.config.SECRET_KEY) },
      ip,
    );
    expect(body(ok).success).toBe(true);
  });

  it('forgets failures 15 minutes after the first one', async () => {
    const u = freshUser();
    for (let i = 0; i < 3; i++) await attempt({ username: u.username, password: `wrong-${i}` });
    expect(body(await attempt({ username: u.username, password: u.password })).error_message).toBe(MSG.captchaRequired);
    await t.db
      .update(rateCounters)
      .set({ windowStart: Date.now() - 15 * 60_000 - 1000 })
      .where(eq(rateCounters.key, `loginfail:u:${u.username}`));
    expect(body(await attempt({ username: u.username, password: u.password })).success).toBe(true);
  });

  it('locks the account for 15 minutes after 10 consecutive failures, then lets the right password in', async () => {
    const u = freshUser();
    const row = await userByName(t.db, u.username);
    await t.db.update(users).set({ failedLoginCount: 9 }).where(eq(users.id, row.id));
    expect(body(await attempt({ username: u.username, password: 'wrong' })).error_message).toBe(MSG.badCredentials);
    const locked = await userByName(t.db, u.username);
    expect(locked.failedLoginCount).toBe(10);
    const lockMs = (locked.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockMs).toBeGreaterThan(14 * 60_000);
    expect(lockMs).toBeLessThanOrEqual(15 * 60_000);

    const refusedRight = await attempt({ username: u.username, password: u.password });
    expect(body(refusedRight).error_message).toBe(MSG.accountLocked);
    expect(sessionCookie(refusedRight)).toBeUndefined();

    await t.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, row.id));
    expect(body(await attempt({ username: u.username, password: u.password })).success).toBe(true);
    const after = await userByName(t.db, u.username);
    expect(after.failedLoginCount).toBe(0);
    expect(after.lockedUntil).toBeNull();
  });
});

describe('forced password change', () => {
  const expired = { username: 'expired', password: DEMO_USERS.expired.password };

  it('asks the user whose password expired to choose a new one, granting nothing yet', async () => {
    const res = await attempt(expired);
    expect(body(res)).toEqual({ ...refused, error_message: null, must_change_password: true });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it.each([
    ['Ab1', 'Ab1', MSG.passwordTooShort],
    ['abcdefg1', 'abcdefg1', MSG.passwordInvalid],
    ['ABCDEFGH', 'ABCDEFGH', MSG.passwordInvalid],
    ['Abcdefgh', 'Abcdefgh', MSG.passwordInvalid],
    ['Abcdefg1 ', 'Abcdefg1 ', MSG.passwordInvalid],
    ['Abcdéfg1', 'Abcdéfg1', MSG.passwordInvalid],
    ['Abcdefg1<', 'Abcdefg1<', MSG.passwordInvalid],
    ['Abcdefg1!', undefined, MSG.passwordConfirmRequired],
    ['Abcdefg1!', '', MSG.passwordConfirmRequired],
    ['Abcdefg1!', 'Abcdefg1?', MSG.passwordsMustMatch],
    [DEMO_USERS.expired.password, DEMO_USERS.expired.password, MSG.passwordReused],
  ])('keeps the step open with the message for new %j / confirm %j', async (newPassword, confirm, message) => {
    const res = await attempt({
      ...expired,
      new_password: newPassword,
      ...(confirm === undefined ? {} : { password_confirm: confirm }),
    });
    expect(body(res)).toEqual({ ...refused, must_change_password: true, error_message: message });
    expect(sessionCookie(res)).toBeUndefined();
    expect((await userByName(t.db, 'expired')).mustChangePassword).toBe(true);
  });

  it('does not reach the step with a wrong current password', async () => {
    const res = await attempt({
      username: 'expired',
      password: 'NotIt2026!',
      new_password: 'BrandNew2026!',
      password_confirm: 'BrandNew2026!',
    });
    expect(body(res)).toEqual({ ...refused, error_message: MSG.badCredentials });
  });

  it('changes the password, signs in, and from then on only the new password works', async () => {
    const ip = nextIp();
    const res = await attempt({ ...expired, new_password: 'NewExpired2026!', password_confirm: 'NewExpired2026!' }, ip);
    expect(body(res).success).toBe(true);
    expect(sessionCookie(res)).toBeDefined();
    const row = await userByName(t.db, 'expired');
    expect(row.mustChangePassword).toBe(false);
    const audits = await auditRows(t.db, 'user.password_changed', row.id);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('NewExpired2026!');

    expect(body(await attempt(expired))).toMatchObject({ success: false, error_message: MSG.badCredentials });
    expect(body(await attempt({ username: 'expired', password: 'NewExpired2026!' }))).toMatchObject({
      success: true,
      must_change_password: false,
    });
  });

  it('ends the sessions opened with the old password', async () => {
    const u = freshUser();
    const before = await login(t.app, u.username, u.password);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, u.username));
    const ip = nextIp();
    const res = await attempt(
      { username: u.username, password: u.password, new_password: 'Changed2026!', password_confirm: 'Changed2026!' },
      ip,
    );
    expect(body(res).success).toBe(true);
    expect((await call(t.app, 'GET', '/registration_info', { session: before })).statusCode).toBe(401);
    const after = { cookie: sessionCookie(res) ?? '', csrf: body(res).csrf_token ?? '' };
    expect((await call(t.app, 'GET', '/registration_info', { session: after })).statusCode).toBe(200);
  });

  it('sends a user whose password was reset by an administrator through the change, then activates them', async () => {
    const first = await attempt({ username: 'resetuser', password: DEMO_USERS.resetuser.password });
    expect(body(first)).toMatchObject({ success: false, must_change_password: true });
    const done = await attempt({
      username: 'resetuser',
      password: DEMO_USERS.resetuser.password,
      new_password: 'RobinHale2026!',
      password_confirm: 'RobinHale2026!',
    });
    expect(body(done).success).toBe(true);
    expect((await userByName(t.db, 'resetuser')).status).toBe('activated');
  });
});

const STEP = 30_000;

/** A 6-digit code that no authenticator with `secret` shows within the accepted drift. */
function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((k) => totpCode(secret, Date.now() + k * STEP)));
  for (let n = 0; ; n++) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('two-factor sign-in (mfaadmin)', () => {
  const creds = { username: 'mfaadmin', password: DEMO_USERS.mfaadmin.password };

  beforeEach(async () => {
    // Each test starts with no used code and no failures on record.
    await t.db.update(users).set({ mfaLastCounter: null, failedLoginCount: 0 }).where(eq(users.username, 'mfaadmin'));
    await t.db.delete(rateCounters).where(eq(rateCounters.key, 'loginfail:u:mfaadmin'));
  });

  it('asks for the code after the right password, with no set-up data and no session', async () => {
    const res = await attempt(creds);
    expect(body(res)).toEqual({
      success: false,
      error_message: null,
      recaptcha_access_token: null,
      must_change_password: false,
      mfa_required: true,
      mfa_qr_code: null,
      mfa_setup_key: null,
      csrf_token: null,
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('does not reveal that two-factor is on to a wrong password, even with a valid code', async () => {
    const res = await attempt({ username: 'mfaadmin', password: 'Wrong2026!', mfa_pin: totpCode(DEMO_TOTP_SECRET) });
    expect(body(res)).toMatchObject({ success: false, error_message: MSG.badCredentials, mfa_required: false });
  });

  it.each([
    ['a code of another time', () => wrongCode(DEMO_TOTP_SECRET)],
    ['letters', () => 'abcdef'],
    ['five digits', () => '12345'],
  ])('refuses %s with the message, keeps the step open, and writes one mfa_failure audit row', async (_label, pin) => {
    const u = await userByName(t.db, 'mfaadmin');
    const before = await auditRows(t.db, 'login.mfa_failure', u.id);
    const failuresBefore = await auditRows(t.db, 'login.failure', u.id);
    const code = pin();
    const res = await attempt({ ...creds, mfa_pin: code });
    expect(body(res)).toMatchObject({
      success: false,
      error_message: MSG.mfaCodeWrong,
      mfa_required: true,
      csrf_token: null,
    });
    expect(sessionCookie(res)).toBeUndefined();
    const after = await auditRows(t.db, 'login.mfa_failure', u.id);
    expect(after).toHaveLength(before.length + 1);
    expect(await auditRows(t.db, 'login.failure', u.id)).toHaveLength(failuresBefore.length);
    expect(JSON.stringify(after[0])).not.toContain(DEMO_USERS.mfaadmin.password);
    expect(after[0]?.details).toBeNull();
  });

  it('signs in with the current code and writes one login.success row', async () => {
    const u = await userByName(t.db, 'mfaadmin');
    const before = await auditRows(t.db, 'login.success', u.id);
    const res = await attempt({ ...creds, mfa_pin: totpCode(DEMO_TOTP_SECRET) });
    expect(body(res)).toMatchObject({ success: true, mfa_required: false, csrf_token: expect.any(String) });
    expect(sessionCookie(res)).toBeDefined();
    expect(await auditRows(t.db, 'login.success', u.id)).toHaveLength(before.length + 1);
  });

  it('accepts one step of clock drift either way', async () => {
    expect(body(await attempt({ ...creds, mfa_pin: totpCode(DEMO_TOTP_SECRET, Date.now() - STEP) })).success).toBe(
      true,
    );
    await t.db.update(users).set({ mfaLastCounter: null }).where(eq(users.username, 'mfaadmin'));
    expect(body(await attempt({ ...creds, mfa_pin: totpCode(DEMO_TOTP_SECRET, Date.now() + STEP) })).success).toBe(
      true,
    );
  });

  it('refuses a replayed code, and any code older than the last one used', async () => {
    const now = Date.now();
    const code = totpCode(DEMO_TOTP_SECRET, now);
    expect(body(await attempt({ ...creds, mfa_pin: code })).success).toBe(true);
    const replay = await attempt({ ...creds, mfa_pin: code });
    expect(body(replay)).toMatchObject({ success: false, error_message: MSG.mfaCodeWrong, mfa_required: true });
    expect(sessionCookie(replay)).toBeUndefined();
    const older = totpCode(DEMO_TOTP_SECRET, now - STEP);
    if (older !== code) expect(body(await attempt({ ...creds, mfa_pin: older })).error_message).toBe(MSG.mfaCodeWrong);
    // The next time step is still accepted: only the replay was refused.
    expect(body(await attempt({ ...creds, mfa_pin: totpCode(DEMO_TOTP_SECRET, now + STEP) })).success).toBe(true);
  });

  it('requires a captcha after 3 wrong codes', async () => {
    const results: (string | null)[] = [];
    for (let i = 0; i < 3; i++)
      results.push(body(await attempt({ ...creds, mfa_pin: wrongCode(DEMO_TOTP_SECRET) })).recaptcha_access_token);
    expect(results[2]).not.toBeNull();
    const res = await attempt({ ...creds, mfa_pin: totpCode(DEMO_TOTP_SECRET) });
    expect(body(res)).toMatchObject({ success: false, error_message: MSG.captchaRequired });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('does not let the password alone replace a confirmed secret (refresh_qr_code is ignored)', async () => {
    const res = await attempt({ ...creds, refresh_qr_code: true });
    expect(body(res)).toMatchObject({ mfa_required: true, mfa_qr_code: null, mfa_setup_key: null });
    const u = await userByName(t.db, 'mfaadmin');
    expect(u.mfaSecret).toBe(DEMO_TOTP_SECRET);
    expect(u.mfaPendingSecret).toBeNull();
  });
});

describe('two-factor before a forced password change', () => {
  it("asks for the code first, so a password alone cannot change an MFA user's password; the code then travels with the change", async () => {
    const u = freshUser();
    await t.db
      .update(users)
      .set({ mfaEnabled: true, mfaSecret: DEMO_TOTP_SECRET, mustChangePassword: true })
      .where(eq(users.username, u.username));
    const ip = nextIp();
    const first = await attempt(
      { username: u.username, password: u.password, new_password: 'BrandNew2026!', password_confirm: 'BrandNew2026!' },
      ip,
    );
    expect(body(first)).toMatchObject({ success: false, mfa_required: true, must_change_password: false });
    expect((await userByName(t.db, u.username)).mustChangePassword).toBe(true);

    const pin = totpCode(DEMO_TOTP_SECRET);
    const second = await attempt({ username: u.username, password: u.password, mfa_pin: pin }, ip);
    expect(body(second)).toMatchObject({ success: false, must_change_password: true, mfa_required: false });
    expect((await userByName(t.db, u.username)).mfaLastCounter).toBeNull(); // checked, not consumed yet

    const third = await attempt(
      {
        username: u.username,
        password: u.password,
        mfa_pin: pin,
        new_password: 'BrandNew2026!',
        password_confirm: 'BrandNew2026!',
      },
      ip,
    );
    expect(body(third).success).toBe(true);
    const after = await userByName(t.db, u.username);
    expect(after.mustChangePassword).toBe(false);
    expect(after.mfaLastCounter).not.toBeNull();
    // The code is now spent: replaying the whole request fails.
    const replay = await attempt({ username: u.username, password: 'BrandNew2026!', mfa_pin: pin }, ip);
    expect(body(replay)).toMatchObject({ success: false, error_message: MSG.mfaCodeWrong });
  });
});

describe('two-factor set-up at sign-in (mfasetup)', () => {
  const creds = { username: 'mfasetup', password: DEMO_USERS.mfasetup.password };
  let firstKey = '';

  it('shows a QR code and a set-up key for a new secret, and keeps it while set-up is pending', async () => {
    const res = body(await attempt(creds));
    expect(res).toMatchObject({ success: false, mfa_required: true, error_message: null, csrf_token: null });
    expect(res.mfa_setup_key).toMatch(/^[A-Z2-7]{32}$/);
    firstKey = res.mfa_setup_key ?? '';
    // The QR code encodes exactly this key for this user.
    expect(res.mfa_qr_code).toBe(await totpQrCode(firstKey, 'mfasetup'));
    expect(res.mfa_qr_code).toMatch(/^data:image\/png;base64,/);
    const u = await userByName(t.db, 'mfasetup');
    expect(u.mfaPendingSecret).toBe(firstKey);
    expect(u.mfaSecret).toBeNull();

    const again = body(await attempt(creds));
    expect(again.mfa_setup_key).toBe(firstKey);
  });

  it('gives a new key and QR code on refresh_qr_code, and the old key stops working', async () => {
    const refreshed = body(await attempt({ ...creds, refresh_qr_code: true }));
    expect(refreshed).toMatchObject({ success: false, mfa_required: true });
    expect(refreshed.mfa_setup_key).toMatch(/^[A-Z2-7]{32}$/);
    expect(refreshed.mfa_setup_key).not.toBe(firstKey);
    const newKey = refreshed.mfa_setup_key ?? '';
    expect(refreshed.mfa_qr_code).toBe(await totpQrCode(newKey, 'mfasetup'));

    const oldCode = totpCode(firstKey);
    if (![-1, 0, 1].some((k) => totpCode(newKey, Date.now() + k * STEP) === oldCode)) {
      const stale = await attempt({ ...creds, mfa_pin: oldCode });
      expect(body(stale)).toMatchObject({ success: false, error_message: MSG.mfaCodeWrong, mfa_setup_key: newKey });
    }

    const done = await attempt({ ...creds, mfa_pin: totpCode(newKey) });
    expect(body(done)).toMatchObject({ success: true, mfa_qr_code: null, mfa_setup_key: null });
    expect(sessionCookie(done)).toBeDefined();
    const u = await userByName(t.db, 'mfasetup');
    expect(u.mfaSecret).toBe(newKey);
    expect(u.mfaPendingSecret).toBeNull();

    // Set-up is over: the next sign-in asks for a code without showing the secret.
    const next = body(await attempt(creds));
    expect(next).toMatchObject({ mfa_required: true, mfa_qr_code: null, mfa_setup_key: null });
    expect(body(await attempt({ ...creds, mfa_pin: totpCode(newKey, Date.now() + STEP) })).success).toBe(true);
  });
});
