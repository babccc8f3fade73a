import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_BASE, CSRF_HEADER, MSG } from '@wayguard/contracts';
import { call, createTestApp, login, nextIp, sessionCookie, type Session, type TestApp } from '../../test/harness.js';
import { auditRows, freshUser, userByName } from '../../test/helpers.js';
import { sessions, users } from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { forgetAllSessions } from '../../domain/sessions/session-cache.js';
import { buildApp } from '../../app.js';

// Idle timeout of one minute, so that tests can move last_seen_at across it.
let t: TestApp;
let behindTls: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '1' });
  // The same database behind a TLS-terminating proxy.
  behindTls = await buildApp({ ...t.config, TRUST_PROXY: 1 }, t.db);
  await behindTls.ready();
});
afterAll(async () => {
  await behindTls.close();
  await t.close();
});

const registrationInfo = (s: Session) => call(t.app, 'GET', '/registration_info', { session: s });
const sessionRow = async (cookie: string) =>
  (
    await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.idHash, sha256(cookie)))
  )[0];
const signIn = async () => {
  const u = freshUser();
  return { user: u, session: await login(t.app, u.username, u.password) };
};

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Strict, host-only, for the whole site, and a browser-session cookie', async () => {
    const u = freshUser();
    const res = await call(t.app, 'POST', '/login', { payload: { username: u.username, password: u.password } });
    const c = res.cookies.find((x) => x.name === 'wg_session');
    expect(c).toBeDefined();
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(c?.domain).toBeUndefined();
    expect(c?.maxAge).toBeUndefined();
    expect(c?.expires).toBeUndefined();
    // Over plain HTTP it cannot be Secure, or the browser would drop it.
    expect(c?.secure).toBeUndefined();
    // 256 random bits.
    expect(c?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is Secure when the request came over HTTPS', async () => {
    const u = freshUser();
    const res = await behindTls.inject({
      method: 'POST',
      url: `${API_BASE}/login`,
      remoteAddress: nextIp(),
      headers: { [CSRF_HEADER]: 'anonymous', 'x-forwarded-proto': 'https' },
      payload: { username: u.username, password: u.password },
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(res.cookies.find((x) => x.name === 'wg_session')).toMatchObject({
      secure: true,
      httpOnly: true,
      sameSite: 'Strict',
    });
  });

  it('is not made Secure by a forwarded header the server does not trust', async () => {
    const u = freshUser();
    const res = await call(t.app, 'POST', '/login', {
      payload: { username: u.username, password: u.password },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.cookies.find((x) => x.name === 'wg_session')?.secure).toBeUndefined();
  });
});

describe('session storage', () => {
  it('stores only the SHA-256 of the cookie value, never the value itself', async () => {
    const { session } = await signIn();
    const row = await sessionRow(session.cookie);
    expect(row).toBeDefined();
    const all = await t.db.select().from(sessions);
    expect(JSON.stringify(all)).not.toContain(session.cookie);
    expect(all.some((r) => r.idHash === session.cookie)).toBe(false);
    expect(row?.csrfToken).toBe(session.csrf);
  });

  it('ends 12 hours after sign-in at the latest (SESSION_ABSOLUTE_HOURS)', async () => {
    const before = Date.now();
    const { session } = await signIn();
    const row = await sessionRow(session.cookie);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan(12 * 3_600_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(12 * 3_600_000 + 60_000);
  });
});

describe('session rotation at sign-in', () => {
  it('issues a new session id at every sign-in and ends the one the browser held', async () => {
    const u = freshUser();
    const old = await login(t.app, u.username, u.password);
    const res = await call(t.app, 'POST', '/login', {
      session: old,
      csrf: 'anonymous',
      payload: { username: u.username, password: u.password },
    });
    expect(res.json()).toMatchObject({ success: true });
    const fresh = sessionCookie(res);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(old.cookie);
    const csrf = res.json<{ csrf_token: string }>().csrf_token;
    expect(csrf).not.toBe(old.csrf);

    expect((await registrationInfo(old)).statusCode).toBe(401);
    expect(await sessionRow(old.cookie)).toBeUndefined();
    expect((await registrationInfo({ cookie: fresh ?? '', csrf })).statusCode).toBe(200);
  });

  it('lets a browser that holds a live cookie but lost its CSRF token sign in again', async () => {
    const u = freshUser();
    const old = await login(t.app, u.username, u.password);
    const res = await call(t.app, 'POST', '/login', {
      session: old,
      csrf: 'anonymous',
      payload: { username: u.username, password: u.password },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps sessions of different browsers apart', async () => {
    const u = freshUser();
    const a = await login(t.app, u.username, u.password);
    const b = await login(t.app, u.username, u.password);
    expect(a.cookie).not.toBe(b.cookie);
    expect((await call(t.app, 'POST', '/logout', { session: a })).statusCode).toBe(200);
    expect((await registrationInfo(a)).statusCode).toBe(401);
    expect((await registrationInfo(b)).statusCode).toBe(200);
  });
});

describe('POST /logout', () => {
  it('ends the session on the server, clears the cookie and writes an audit row', async () => {
    const { user, session } = await signIn();
    const u = await userByName(t.db, user.username);
    const res = await call(t.app, 'POST', '/logout', { session });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const cleared = res.cookies.find((c) => c.name === 'wg_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect(await sessionRow(session.cookie)).toBeUndefined();
    // The old cookie is worthless now, for reads and for writes.
    expect((await registrationInfo(session)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/logout', { session })).statusCode).toBe(401);
    expect(await auditRows(t.db, 'logout', u.id)).toHaveLength(1);
  });

  it('needs the CSRF token, and without it the session lives on', async () => {
    const { session } = await signIn();
    const res = await call(t.app, 'POST', '/logout', { session, csrf: null });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, error: MSG.csrfMissing, error_message: MSG.csrfMissing });
    expect((await registrationInfo(session)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await call(t.app, 'POST', '/logout', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, error: MSG.unauthorized, error_message: MSG.unauthorized });
  });
});

describe('forged and ended sessions', () => {
  it('answers 401 to a cookie the server never issued', async () => {
    const { session } = await signIn();
    for (const cookie of [
      'forged-cookie-value',
      session.cookie.slice(0, -1) + (session.cookie.endsWith('A') ? 'B' : 'A'),
      sha256(session.cookie),
    ]) {
      const res = await registrationInfo({ cookie, csrf: session.csrf });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ success: false, error: MSG.unauthorized, error_message: MSG.unauthorized });
    }
  });

  it('ends the sessions of a user who is deactivated', async () => {
    const { user, session } = await signIn();
    await t.db.update(users).set({ status: 'deactivated' }).where(eq(users.username, user.username));
    forgetAllSessions(); // a change behind the server's back (domain/sessions/session-cache.ts)
    expect((await registrationInfo(session)).statusCode).toBe(401);
    expect(await sessionRow(session.cookie)).toBeUndefined();
  });
});

describe('timeouts', () => {
  const setLastSeen = async (cookie: string, msAgo: number) => {
    await t.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - msAgo) })
      .where(eq(sessions.idHash, sha256(cookie)));
    forgetAllSessions(); // time passing, played behind the server's back
  };

  it('ends a session idle for longer than SESSION_IDLE_MINUTES', async () => {
    const { session } = await signIn();
    await setLastSeen(session.cookie, 61_000);
    const res = await registrationInfo(session);
    expect(res.statusCode).toBe(401);
    expect(await sessionRow(session.cookie)).toBeUndefined();
  });

  it('keeps a session alive while it is used', async () => {
    const { session } = await signIn();
    // 50 s of idleness is within the 1-minute limit; the request counts as activity.
    await setLastSeen(session.cookie, 50_000);
    expect((await registrationInfo(session)).statusCode).toBe(200);
    const row = await sessionRow(session.cookie);
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(5_000);
    // 20 s later the user is still within the limit, counted from the last request.
    await setLastSeen(session.cookie, 20_000);
    expect((await registrationInfo(session)).statusCode).toBe(200);
  });

  it('ends a session at its absolute expiry even while it is used', async () => {
    const { session } = await signIn();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.idHash, sha256(session.cookie)));
    forgetAllSessions();
    expect((await registrationInfo(session)).statusCode).toBe(401);
    expect(await sessionRow(session.cookie)).toBeUndefined();
  });
});
