import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MSG, PASSWORD_VERIFICATION_REQUIRED, type LoginResponse } from '@wayguard/contracts';
import { call, createTestApp, login, sessionCookie, type Session, type TestApp } from '../../test/harness.js';
import { DEMO_USERS } from '../../test/demo.js';
import { auditRows, freshUser, userByName } from '../../test/helpers.js';
import { sessions } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { PASSWORD_VERIFICATION_SECONDS } from '../../domain/users/password-verification.js';

/** Ages the session's last password proof (sign-in or POST /verify_password) past the window. */
async function ageVerification(s: Session): Promise<void> {
  const past = Date.now() - PASSWORD_VERIFICATION_SECONDS * 1000 - 1000;
  await t.db.execute(
    sql`UPDATE rate_counters SET window_start = ${past} WHERE key = ${`verified_password:${sha256(s.cookie)}`}`,
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /verify_password', () => {
  let shared: Session;
  beforeAll(async () => {
    const u = freshUser();
    shared = await login(t.app, u.username, u.password);
  });

  it('answers success for the right password', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const res = await call(t.app, 'POST', '/verify_password', { session: s, payload: { password: u.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
  });

  it('answers the spec failure text for a wrong password and audits it without the password', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const row = await userByName(t.db, u.username);
    const res = await call(t.app, 'POST', '/verify_password', {
      session: s,
      payload: { password: 'Not-My-Password-9' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, error: MSG.verifyPasswordFailed });
    const audits = await auditRows(t.db, 'verify_password.failure', row.id);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('Not-My-Password-9');
  });

  it('checks the password of the signed-in user, not of anyone else', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const res = await call(t.app, 'POST', '/verify_password', {
      session: s,
      payload: { password: DEMO_USERS.admin.password },
    });
    expect(res.json()).toEqual({ success: false, error: MSG.verifyPasswordFailed });
  });

  it.each([[{}], [{ password: '' }], [{ password: '   ' }], [{ password: 12345678 }]])(
    'answers 400 "Please enter a Password" to %j',
    async (payload) => {
      const res = await call(t.app, 'POST', '/verify_password', { session: shared, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: MSG.passwordRequired,
        error_message: MSG.passwordRequired,
      });
    },
  );

  it('allows 5 checks a minute per user, from any address, then answers 429 with Retry-After', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    for (let i = 0; i < 5; i++) {
      expect(
        (await call(t.app, 'POST', '/verify_password', { session: s, payload: { password: `guess-${i}` } })).statusCode,
      ).toBe(200);
    }
    const res = await call(t.app, 'POST', '/verify_password', { session: s, payload: { password: u.password } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, error: MSG.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('needs a session and the CSRF token', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    expect((await call(t.app, 'POST', '/verify_password', { payload: { password: u.password } })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/verify_password', { session: s, csrf: null, payload: { password: u.password } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('POST /change_password', () => {
  let unchanged: Session;
  let unchangedUser: { username: string; password: string };
  beforeAll(async () => {
    unchangedUser = freshUser();
    unchanged = await login(t.app, unchangedUser.username, unchangedUser.password);
  });
  afterAll(async () => {
    // The refused changes left the password as it was.
    await login(t.app, unchangedUser.username, unchangedUser.password);
  });

  it.each([
    [{}, MSG.passwordRequired],
    [{ password: '' }, MSG.passwordRequired],
    [{ password: 'Ab1' }, MSG.passwordTooShort],
    [{ password: 'abcdefg1' }, MSG.passwordInvalid],
    [{ password: 'ABCDEFGHI' }, MSG.passwordInvalid],
    [{ password: 'Abcdefg1 x' }, MSG.passwordInvalid],
    [{ password: 'Abcdefg1+' }, MSG.passwordInvalid],
    [{ password: `A1${'a'.repeat(127)}` }, MSG.passwordInvalid],
  ])('answers 400 with the spec message to %j and changes nothing', async (payload, message) => {
    const res = await call(t.app, 'POST', '/change_password', { session: unchanged, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message });
    expect(sessionCookie(res)).toBeUndefined();
    expect((await call(t.app, 'GET', '/registration_info', { session: unchanged })).statusCode).toBe(200);
  });

  it('accepts every allowed special character', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const res = await call(t.app, 'POST', '/change_password', { session: s, payload: { password: 'Aa1!@#$%^&*?_~' } });
    expect(res.json()).toEqual({ success: true });
    await login(t.app, u.username, 'Aa1!@#$%^&*?_~');
  });

  it('changes the password, rotates the session id and ends the user’s other sessions', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const elsewhere = await login(t.app, u.username, u.password);
    const row = await userByName(t.db, u.username);

    const res = await call(t.app, 'POST', '/change_password', { session: s, payload: { password: 'Changed2026!' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const rotated = sessionCookie(res);
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(s.cookie);

    // The old cookie and the other browser's session answer 401; the new cookie works with the same CSRF token.
    expect((await call(t.app, 'GET', '/registration_info', { session: s })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/registration_info', { session: elsewhere })).statusCode).toBe(401);
    const next = { cookie: rotated ?? '', csrf: s.csrf };
    expect((await call(t.app, 'GET', '/registration_info', { session: next })).statusCode).toBe(200);
    expect(
      (await call(t.app, 'POST', '/verify_password', { session: next, payload: { password: 'Changed2026!' } })).json(),
    ).toEqual({ success: true });
    const live = await t.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(live.map((x) => x.idHash)).toEqual([sha256(rotated ?? '')]);

    // Only the new password signs in.
    const old = await call(t.app, 'POST', '/login', { payload: { username: u.username, password: u.password } });
    expect(old.json<LoginResponse>().error_message).toBe(MSG.badCredentials);
    await login(t.app, u.username, 'Changed2026!');

    const audits = await auditRows(t.db, 'user.password_changed', row.id);
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain('Changed2026!');
  });

  it('asks for the password when the session has not proved it within 5 minutes, and changes nothing', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    await ageVerification(s);
    const res = await call(t.app, 'POST', '/change_password', { session: s, payload: { password: 'Changed2026!' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: MSG.passwordVerificationRequired,
      error_message: MSG.passwordVerificationRequired,
      error_code: PASSWORD_VERIFICATION_REQUIRED,
    });
    expect(sessionCookie(res)).toBeUndefined();
    expect((await call(t.app, 'GET', '/registration_info', { session: s })).statusCode).toBe(200);
    expect(await auditRows(t.db, 'user.password_changed', (await userByName(t.db, u.username)).id)).toHaveLength(0);
    await login(t.app, u.username, u.password);

    // POST /verify_password proves it again; the same call then goes through.
    expect(
      (await call(t.app, 'POST', '/verify_password', { session: s, payload: { password: u.password } })).json(),
    ).toEqual({ success: true });
    const retried = await call(t.app, 'POST', '/change_password', {
      session: s,
      payload: { password: 'Changed2026!' },
    });
    expect(retried.json()).toEqual({ success: true });
    await login(t.app, u.username, 'Changed2026!');
  });

  it('spends the proof: of two changes sent at once on one verification, exactly one goes through', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const answers = await Promise.all(
      ['Changed2026!', 'Other2026!x'].map((password) =>
        call(t.app, 'POST', '/change_password', { session: s, payload: { password } }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 400]);
    const refused = answers.find((r) => r.statusCode === 400)!;
    expect(refused.json()).toMatchObject({ error_code: PASSWORD_VERIFICATION_REQUIRED });
    expect(await auditRows(t.db, 'user.password_changed', (await userByName(t.db, u.username)).id)).toHaveLength(1);
  });

  it('needs a session and the CSRF token of that session', async () => {
    const u = freshUser();
    const s = await login(t.app, u.username, u.password);
    const other = freshUser();
    const o = await login(t.app, other.username, other.password);
    expect((await call(t.app, 'POST', '/change_password', { payload: { password: 'Changed2026!' } })).statusCode).toBe(
      401,
    );
    expect(
      (await call(t.app, 'POST', '/change_password', { session: s, csrf: null, payload: { password: 'Changed2026!' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'POST', '/change_password', {
          session: s,
          csrf: o.csrf,
          payload: { password: 'Changed2026!' },
        })
      ).statusCode,
    ).toBe(403);
    await login(t.app, u.username, u.password);
  });
});
