import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CAPTCHA_AFTER_FAILURES, MSG, type LoginResponse } from '@wayguard/contracts';
import { call, createTestApp, login, nextIp, sessionCookie, type TestApp } from '../../test/harness.js';
import { auditRows, easyCaptcha, freshUser, mailsTo, resetCredentialIn, userByName } from '../../test/helpers.js';
import { outbox, sessions, tokens } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const requestReset = async (username: string, email: string, ip = nextIp()) =>
  call(t.app, 'POST', '/reset_password', {
    ip,
    payload: { username, email, recaptcha_response: await easyCaptcha(t.config.SECRET_KEY) },
  });
const attempt = (payload: Record<string, unknown>) => call(t.app, 'POST', '/login', { payload });
const outboxSize = async () => (await t.db.select({ id: outbox.id }).from(outbox)).length;

/** Resets `u`'s password and returns the one-time password from the mail. */
async function resetAndRead(u: { username: string; email: string }): Promise<string> {
  const before = (await mailsTo(t.db, u.email)).length;
  const res = await requestReset(u.username, u.email);
  expect(res.json()).toEqual({ success: true });
  const mails = await mailsTo(t.db, u.email);
  expect(mails).toHaveLength(before + 1);
  return resetCredentialIn(mails.at(-1)?.text ?? '');
}

describe('POST /reset_password', () => {
  it.each([
    [{ email: 'a@b.example' }, MSG.usernameRequired],
    [{ username: '  ', email: 'a@b.example' }, MSG.usernameRequired],
    [{ username: 'teacher' }, MSG.emailRequired],
    [{ username: 'teacher', email: '' }, MSG.emailRequired],
    [{ username: 'teacher', email: 'not-an-email' }, MSG.emailInvalid],
    [{ username: 'teacher', email: 'teacher@' }, MSG.emailInvalid],
    [{ username: 'teacher', email: `${'a'.repeat(21)}@northfield.example` }, MSG.emailInvalid],
  ])('answers 400 with the spec message to %j', async (payload, message) => {
    const res = await call(t.app, 'POST', '/reset_password', { payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message, error_message: message });
  });

  it('asks for no captcha at first, as sign-in (002 §2.12: the captcha is optional)', async () => {
    const u = freshUser();
    const before = (await mailsTo(t.db, u.email)).length;
    const res = await call(t.app, 'POST', '/reset_password', { payload: { username: u.username, email: u.email } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(await mailsTo(t.db, u.email)).toHaveLength(before + 1);
  });

  it(`requires a solved captcha after ${CAPTCHA_AFTER_FAILURES} requests from one address`, async () => {
    const ip = nextIp();
    const send = (recaptcha_response?: string) =>
      call(t.app, 'POST', '/reset_password', {
        ip,
        // Another name each time: the address alone asks for the captcha.
        payload: { username: `nobody.${Math.random()}`, email: 'nobody@northfield.example', recaptcha_response },
      });
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) expect((await send()).statusCode).toBe(200);
    const before = await outboxSize();
    for (const recaptcha_response of [undefined, '', 'bm90IGEgc29sdXRpb24=']) {
      const res = await send(recaptcha_response);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: MSG.captchaRequired });
    }
    expect((await send(await easyCaptcha(t.config.SECRET_KEY))).statusCode).toBe(200);
    expect(await outboxSize()).toBe(before);
  });

  it(`requires a solved captcha after ${CAPTCHA_AFTER_FAILURES} requests for one username, from any address`, async () => {
    const u = freshUser();
    const send = (recaptcha_response?: string) =>
      call(t.app, 'POST', '/reset_password', { payload: { username: u.username, email: u.email, recaptcha_response } });
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++) expect((await send()).statusCode).toBe(200);
    const before = (await mailsTo(t.db, u.email)).length;
    const refused = await send();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, error: MSG.captchaRequired });
    expect(await mailsTo(t.db, u.email)).toHaveLength(before);
    expect((await send(await easyCaptcha(t.config.SECRET_KEY))).statusCode).toBe(200);
    expect(await mailsTo(t.db, u.email)).toHaveLength(before + 1);
  });

  it('gives the same answer for an unknown username, a wrong e-mail and a real user, mailing only the real one', async () => {
    const u = freshUser();
    const before = await outboxSize();
    const unknown = await requestReset('nobody-at-all', u.email);
    const wrongEmail = await requestReset(u.username, 'someone.else@northfield.example');
    expect(await outboxSize()).toBe(before);
    const real = await requestReset(u.username, u.email.toUpperCase());
    for (const res of [unknown, wrongEmail, real]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
    expect(await outboxSize()).toBe(before + 1);
    const mail = (await mailsTo(t.db, u.email)).at(-1);
    expect(mail?.subject).toBe('Your Wayguard Console password reset');
    expect(mail?.text).toContain(`http://localhost:8080/login?username=${u.username}`);
  });

  it('mails what the login page’s notice says it sent: a one-time password to sign in with', async () => {
    const u = freshUser();
    const otp = await resetAndRead(u);
    const mail = (await mailsTo(t.db, u.email)).at(-1);
    expect(mail?.text).toContain(otp);
    expect(mail?.text).toContain('one-time password');
    // The notice on /login?email=… (000 §2.1) names the same thing, and promises no link that chooses a password.
    const notice = MSG.resetEmailSentNotice.replace('{email}', u.email);
    expect(notice).toContain(`has been sent to ${u.email}`);
    expect(notice).toContain('one-time password');
    expect(notice).not.toMatch(/link/i);
  });

  it('mails nobody for a user awaiting activation or deactivated', async () => {
    const before = await outboxSize();
    await requestReset('newstaff', 'newstaff@northfield.example');
    await requestReset('formerstaff', 'formerstaff@northfield.example');
    expect(await outboxSize()).toBe(before);
  });

  it('stores only a hash of the one-time password, and audits without it', async () => {
    const u = freshUser();
    const credential = await resetAndRead(u);
    expect(credential).toMatch(/^[A-Za-z0-9]{16}$/);
    const row = await userByName(t.db, u.username);
    const stored = await t.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, row.id), eq(tokens.kind, 'reset_password')));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).toBe(sha256(credential));
    expect(JSON.stringify(stored)).not.toContain(credential);
    const audits = (await auditRows(t.db, 'password.reset_requested')).filter((a) => a.targetId === String(row.id));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(credential);
  });

  it('answers 429 to the 11th request in a minute from one address', async () => {
    const ip = nextIp();
    const payload = { username: 'no.such.user.429', email: 'nobody@northfield.example' };
    for (let i = 0; i < 10; i++) {
      const res = await call(t.app, 'POST', '/reset_password', { ip, payload });
      // The first requests go through; then the captcha is asked for (and not given).
      expect(res.statusCode).toBe(i < CAPTCHA_AFTER_FAILURES ? 200 : 400);
    }
    const res = await call(t.app, 'POST', '/reset_password', { ip, payload });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('signing in with the one-time password', () => {
  it('leaves the current password working until the one-time password is used', async () => {
    const u = freshUser();
    await resetAndRead(u);
    await login(t.app, u.username, u.password);
  });

  it('forces a password change, works once, and replaces the old password', async () => {
    const u = freshUser();
    const credential = await resetAndRead(u);

    const step = await attempt({ username: u.username, password: credential });
    expect(step.json<LoginResponse>()).toMatchObject({
      success: false,
      must_change_password: true,
      error_message: null,
    });
    expect(sessionCookie(step)).toBeUndefined();

    // Each rule of the new password applies here too.
    const short = await attempt({
      username: u.username,
      password: credential,
      new_password: 'Ab1',
      password_confirm: 'Ab1',
    });
    expect(short.json<LoginResponse>()).toMatchObject({
      must_change_password: true,
      error_message: MSG.passwordTooShort,
    });
    const mismatch = await attempt({
      username: u.username,
      password: credential,
      new_password: 'Fresh2026!',
      password_confirm: 'Fresh2026?',
    });
    expect(mismatch.json<LoginResponse>()).toMatchObject({
      must_change_password: true,
      error_message: MSG.passwordsMustMatch,
    });

    const done = await attempt({
      username: u.username,
      password: credential,
      new_password: 'Fresh2026!',
      password_confirm: 'Fresh2026!',
    });
    expect(done.json<LoginResponse>()).toMatchObject({ success: true });
    expect(sessionCookie(done)).toBeDefined();

    const again = await attempt({ username: u.username, password: credential });
    expect(again.json<LoginResponse>()).toMatchObject({
      success: false,
      error_message: MSG.badCredentials,
      must_change_password: false,
    });
    const old = await attempt({ username: u.username, password: u.password });
    expect(old.json<LoginResponse>().error_message).toBe(MSG.badCredentials);
    await login(t.app, u.username, 'Fresh2026!');
  });

  it('ends the sessions opened with the old password once the new one is chosen', async () => {
    const u = freshUser();
    const before = await login(t.app, u.username, u.password);
    const credential = await resetAndRead(u);
    const done = await attempt({
      username: u.username,
      password: credential,
      new_password: 'Renewed2026!',
      password_confirm: 'Renewed2026!',
    });
    expect(done.json<LoginResponse>().success).toBe(true);
    expect((await call(t.app, 'GET', '/registration_info', { session: before })).statusCode).toBe(401);
    const fresh = { cookie: sessionCookie(done) ?? '', csrf: done.json<LoginResponse>().csrf_token ?? '' };
    expect((await call(t.app, 'GET', '/registration_info', { session: fresh })).statusCode).toBe(200);
  });

  it('voids an older one-time password when a newer reset is asked for', async () => {
    const u = freshUser();
    const older = await resetAndRead(u);
    const newer = await resetAndRead(u);
    expect(newer).not.toBe(older);
    expect((await attempt({ username: u.username, password: older })).json<LoginResponse>()).toMatchObject({
      error_message: MSG.badCredentials,
      must_change_password: false,
    });
    expect((await attempt({ username: u.username, password: newer })).json<LoginResponse>()).toMatchObject({
      must_change_password: true,
    });
  });

  it('refuses a one-time password after 24 hours', async () => {
    const u = freshUser();
    const credential = await resetAndRead(u);
    await t.db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tokens.tokenHash, sha256(credential)));
    expect((await attempt({ username: u.username, password: credential })).json<LoginResponse>()).toMatchObject({
      error_message: MSG.badCredentials,
      must_change_password: false,
    });
  });

  it('works only for its own user', async () => {
    const u = freshUser();
    const other = freshUser();
    const credential = await resetAndRead(u);
    expect(
      (await attempt({ username: other.username, password: credential })).json<LoginResponse>().error_message,
    ).toBe(MSG.badCredentials);
  });

  it('lets exactly one of 20 parallel redemptions through', async () => {
    const u = freshUser();
    const credential = await resetAndRead(u);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        attempt({
          username: u.username,
          password: credential,
          new_password: `Parallel${i}A!`,
          password_confirm: `Parallel${i}A!`,
        }),
      ),
    );
    const winners = results.flatMap((r, i) => (r.json<LoginResponse>().success ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(results.filter((r) => sessionCookie(r) !== undefined)).toHaveLength(1);
    for (const r of results) {
      const b = r.json<LoginResponse>();
      if (!b.success) expect([MSG.badCredentials, MSG.captchaRequired]).toContain(b.error_message);
    }
    const row = await userByName(t.db, u.username);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, row.id))).toHaveLength(1);
    // The winner's password is the one that stuck.
    await login(t.app, u.username, `Parallel${winners[0]}A!`, {
      recaptcha_response: await easyCaptcha(t.config.SECRET_KEY),
    });
  });
});
