/**
 * Suite 6, sessions and tokens: what the module tests (modules/auth/*.test.ts, profile/two-factor,
 * users-actions) do not already prove. Already covered there, and not repeated here:
 *   cookie flags at sign-in and Secure over HTTPS ........ auth/session.test.ts "session cookie"
 *   new id at sign-in, the old one ended .................. auth/session.test.ts "session rotation at sign-in"
 *   rotation after password change, others ended .......... auth/password.test.ts POST /change_password
 *   rotation after two-factor set-up verify ............... profile/two-factor.test.ts
 *   logout ends the session; idle and absolute timeouts ... auth/session.test.ts
 *   deactivation (one session) / admin reset end sessions . users/users-actions.test.ts
 *   activation token single use, expiry, 20 in parallel .. auth/activation.test.ts
 *   reset credential single use, expiry, 20 in parallel .. auth/reset-password.test.ts
 *   reset answers the same for unknown usernames .......... auth/reset-password.test.ts
 *   429 on the 11th sign-in in a minute from one address . auth/login.test.ts "failure throttling"
 * Here: the flags of every session cookie any route sets (rotations and clears included), deactivation
 * ending every session in every browser for good, and one TOTP code racing itself 20 times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { API_BASE, CSRF_HEADER } from '@wayguard/contracts';
import { users } from '../../db/schema/index.js';
import { DEMO_TOTP_SECRET } from '../../seed/demo-users.js';
import { totpCode } from '../../lib/totp.js';
import { sessionCookie } from '../harness.js';
import { DEMO_USERS, FILLER_PASSWORD, signInAs } from '../demo.js';
import { createSecurityApp, freshIp, send, type SecurityApp } from './context.js';

let t: SecurityApp;
let tls: SecurityApp;
beforeAll(async () => {
  t = await createSecurityApp();
  tls = await createSecurityApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await t.close();
  await tls.close();
});

type Cookie = {
  name: string;
  value: string;
  httpOnly?: boolean;
  sameSite?: string;
  path?: string;
  secure?: boolean;
  domain?: string;
  maxAge?: number;
  expires?: Date;
};
const wgCookie = (res: LightMyRequestResponse) => (res.cookies as Cookie[]).find((c) => c.name === 'wg_session');

/** Sign in over (forwarded) HTTPS and return the session with the answer that set it. */
async function signIn(app: SecurityApp, username: string, password: string, https: boolean) {
  const res = await app.app.inject({
    method: 'POST',
    url: `${API_BASE}/login`,
    remoteAddress: freshIp(),
    headers: { [CSRF_HEADER]: 'anonymous', ...(https ? { 'x-forwarded-proto': 'https' } : {}) },
    payload: { username, password },
  });
  const body = res.json<{ csrf_token: string }>();
  return { res, session: { cookie: sessionCookie(res)!, csrf: body.csrf_token } };
}

describe('every session cookie a route sets', () => {
  it.each([false, true])(
    'carries HttpOnly, SameSite=Strict, Path=/, no Domain, no Max-Age, Secure iff HTTPS (https %s)',
    async (https) => {
      const app = https ? tls : t;
      const headers: Record<string, string> = https ? { 'x-forwarded-proto': 'https' } : {};
      const check = (label: string, res: LightMyRequestResponse, cleared = false) => {
        const c = wgCookie(res);
        expect([label, c === undefined]).toEqual([label, false]);
        expect([label, c!.httpOnly, c!.sameSite, c!.path, c!.domain, c!.secure === true]).toEqual([
          label,
          true,
          'Strict',
          '/',
          undefined,
          https,
        ]);
        if (cleared) expect([label, c!.value]).toEqual([label, '']);
        else expect([label, c!.maxAge, c!.expires]).toEqual([label, undefined, undefined]);
      };

      const admin = await signIn(app, 'katie.adams11', FILLER_PASSWORD, https);
      check('login', admin.res);

      // Two-factor set-up verify rotates the id.
      const setup = await send(app.app, {
        method: 'POST',
        url: `${API_BASE}/profile/2fa/setup`,
        session: admin.session,
        body: '{}',
        headers,
      });
      const key = setup.json<{ setup_key: string }>().setup_key;
      const verified = await send(app.app, {
        method: 'POST',
        url: `${API_BASE}/profile/2fa/verify`,
        session: admin.session,
        body: JSON.stringify({ pin: totpCode(key) }),
        headers,
      });
      expect(verified.json()).toEqual({ success: true });
      check('2fa verify', verified);
      const afterMfa = { ...admin.session, cookie: wgCookie(verified)!.value };
      expect(afterMfa.cookie).not.toBe(admin.session.cookie);

      // A password change rotates it again (after the password is proved on the rotated session: issue 25).
      const proved = await send(app.app, {
        method: 'POST',
        url: `${API_BASE}/verify_password`,
        session: afterMfa,
        body: JSON.stringify({ password: FILLER_PASSWORD }),
        headers,
      });
      expect(proved.json()).toEqual({ success: true });
      const changed = await send(app.app, {
        method: 'POST',
        url: `${API_BASE}/change_password`,
        session: afterMfa,
        body: JSON.stringify({ password: 'ChangedPass1!' }),
        headers,
      });
      expect(changed.statusCode).toBe(200);
      check('change_password', changed);
      const afterChange = { ...afterMfa, cookie: wgCookie(changed)!.value };
      expect(afterChange.cookie).not.toBe(afterMfa.cookie);
      for (const old of [admin.session.cookie, afterMfa.cookie]) {
        const res = await send(app.app, {
          method: 'GET',
          url: `${API_BASE}/profile`,
          session: { ...afterChange, cookie: old },
        });
        expect(res.statusCode).toBe(401);
      }

      // Logout clears it with the same attributes (else the browser would keep the old one).
      const out = await send(app.app, {
        method: 'POST',
        url: `${API_BASE}/logout`,
        session: afterChange,
        body: '{}',
        headers,
      });
      check('logout', out, true);

      // Declining the Terms of Use ends the session and clears the cookie.
      const user = await signIn(app, 'ben.hughes2', FILLER_PASSWORD, https);
      const terms = await app.db.execute<{ id: number }>(
        sql`SELECT id FROM agreements WHERE kind = 'terms_of_use' ORDER BY published_at DESC, id DESC LIMIT 1`,
      );
      const declined = await send(app.app, {
        method: 'POST',
        url: `${API_BASE}/agreement`,
        session: user.session,
        body: JSON.stringify({ id: terms.rows[0]!.id, result: 'decline', captured: 1_767_225_600 }),
        headers,
      });
      expect(declined.statusCode).toBe(200);
      check('agreement decline', declined, true);
      expect(
        (await send(app.app, { method: 'GET', url: `${API_BASE}/profile`, session: user.session })).statusCode,
      ).toBe(401);
    },
  );
});

describe('deactivation', () => {
  it('ends every session of the user, in every browser, and reactivation does not bring them back', async () => {
    const admin = await signInAs(t, 'admin');
    const browsers = await Promise.all([1, 2, 3].map(() => signInAs(t, 'grace.clarke7')));
    const [target] = await t.db.select().from(users).where(eq(users.username, 'grace.clarke7'));
    const profile = (s: { cookie: string; csrf: string }) =>
      send(t.app, { method: 'GET', url: `${API_BASE}/profile`, session: s });
    for (const b of browsers) expect((await profile(b)).statusCode).toBe(200);

    const act = (action: string) =>
      send(t.app, {
        method: 'POST',
        url: `${API_BASE}/users`,
        session: admin,
        body: JSON.stringify({ id: target!.id, action, notes: 'security suite' }),
      });
    expect((await act('deactivate')).statusCode).toBe(200);
    for (const b of browsers) expect((await profile(b)).statusCode).toBe(401);
    const left = await t.db.execute(sql`SELECT 1 FROM sessions WHERE user_id = ${target!.id}`);
    expect(left.rows).toHaveLength(0);

    expect((await act('reactivate')).statusCode).toBe(200);
    for (const b of browsers) expect((await profile(b)).statusCode).toBe(401);
    // The user signs in afresh.
    expect((await profile(await signInAs(t, 'grace.clarke7'))).statusCode).toBe(200);
  });
});

describe('one-time codes under concurrency', () => {
  it('lets exactly one of 20 parallel sign-ins with the same TOTP code through', async () => {
    await t.db.update(users).set({ mfaLastCounter: null }).where(eq(users.username, 'mfaadmin'));
    await t.db.execute(sql`DELETE FROM rate_counters`);
    const before = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'mfaadmin'`,
    );
    const pin = totpCode(DEMO_TOTP_SECRET);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: `${API_BASE}/login`,
          remoteAddress: freshIp(),
          headers: { [CSRF_HEADER]: 'anonymous' },
          payload: { username: 'mfaadmin', password: DEMO_USERS.mfaadmin.password, mfa_pin: pin },
        }),
      ),
    );
    const won = results.filter((r) => r.json<{ success: boolean }>().success);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => sessionCookie(r) !== undefined)).toHaveLength(1);
    const after = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.username = 'mfaadmin'`,
    );
    expect(Number(after.rows[0]!.n) - Number(before.rows[0]!.n)).toBe(1);
  });
});
