import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@wayguard/contracts';
import { call, createTestApp, login, nextIp, type TestApp } from '../../test/harness.js';
import { activationTokenIn, auditRows, mailsTo, userByName } from '../../test/helpers.js';
import { tokens, users } from '../../db/schema/index.js';
import { randomAlphanumeric, sha256 } from '../../lib/crypto.js';
import { issueActivation } from '../../domain/users/credentials.js';

let t: TestApp;
let newstaffToken = '';
let staleToken = '';
beforeAll(async () => {
  t = await createTestApp();
  const [mail] = await mailsTo(t.db, 'newstaff@northfield.example');
  newstaffToken = activationTokenIn(mail?.text ?? '');
  const [stale] = await mailsTo(t.db, 'stalelink@northfield.example');
  staleToken = activationTokenIn(stale?.text ?? '');
});
afterAll(async () => t.close());

const check = (token: string | undefined) =>
  call(t.app, 'GET', '/check_activation_token', { query: token === undefined ? {} : { token } });
const activate = (payload: Record<string, unknown>, ip = nextIp()) =>
  call(t.app, 'POST', '/activation', { payload, ip });
const expiredAnswer = { success: false, expired: true, name: null, username: null, error: MSG.activationExpired };

/** A user awaiting activation with a live link, and that link's token. */
async function pendingUser(username: string): Promise<{ username: string; token: string }> {
  const [u] = await t.db
    .insert(users)
    .values({
      accountId: (await userByName(t.db, 'admin')).accountId,
      username,
      email: `${username}@northfield.example`,
      firstName: 'Pat',
      lastName: 'Quinn',
      type: 'console_user',
      status: 'awaiting_activation',
    })
    .returning();
  if (!u) throw new Error('insert failed');
  return { username, token: await issueActivation(t.db, t.config.PUBLIC_URL, u) };
}

describe('the activation mail', () => {
  it('links to /activate with a 64-character token, stored only as its hash', async () => {
    const [mail] = await mailsTo(t.db, 'newstaff@northfield.example');
    expect(mail?.subject).toBe('Activate your Wayguard Console account');
    expect(mail?.text).toContain(`http://localhost:8080/activate?token=${newstaffToken}`);
    expect(newstaffToken).toMatch(/^[A-Za-z0-9]{64}$/);
    const stored = await t.db.select().from(tokens).where(eq(tokens.kind, 'activation'));
    expect(stored.some((r) => r.tokenHash === sha256(newstaffToken))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(newstaffToken);
  });
});

describe('GET /check_activation_token', () => {
  it('answers the name of the user the link is for', async () => {
    const res = await check(newstaffToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, expired: false, name: 'Noah Patel', username: null });
  });

  it.each([[undefined], [''], ['a'.repeat(63)], ['a'.repeat(65)]])(
    'answers 400 with the length message to token %j',
    async (token) => {
      const res = await check(token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        error: MSG.activationTokenLength,
        error_message: MSG.activationTokenLength,
      });
    },
  );

  it('answers expired for an expired link', async () => {
    expect((await check(staleToken)).json()).toEqual(expiredAnswer);
  });

  it('answers expired, never "unknown", for a token that does not exist', async () => {
    expect((await check(randomAlphanumeric(64))).json()).toEqual(expiredAnswer);
  });
});

describe('POST /activation', () => {
  const valid = () => ({
    username: 'newstaff',
    password: 'Welcome2026!',
    password_confirm: 'Welcome2026!',
    token: newstaffToken,
  });

  it.each([
    [{ username: undefined }, MSG.usernameRequired],
    [{ username: '  ' }, MSG.usernameRequired],
    [{ password: undefined }, MSG.passwordRequired],
    [{ password: '', password_confirm: '' }, MSG.passwordRequired],
    [{ password: 'Ab1', password_confirm: 'Ab1' }, MSG.passwordTooShort],
    [{ password: 'abcdefg1', password_confirm: 'abcdefg1' }, MSG.passwordInvalid],
    [{ password: 'Abcdefgh', password_confirm: 'Abcdefgh' }, MSG.passwordInvalid],
    [{ password_confirm: undefined }, MSG.confirmPasswordRequired],
    [{ password_confirm: '' }, MSG.confirmPasswordRequired],
    [{ password_confirm: 'Welcome2026?' }, MSG.passwordsMustMatch],
    [{ token: undefined }, MSG.activationTokenLength],
    [{ token: 'short' }, MSG.activationTokenLength],
  ])('answers 400 with the spec message to %j and does not use the link', async (change, message) => {
    const payload: Record<string, unknown> = { ...valid(), ...change };
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete payload[k];
    const res = await activate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message, error_message: message });
    expect((await check(newstaffToken)).json()).toMatchObject({ success: true });
  });

  it('refuses a username that is not the one the link is for', async () => {
    const res = await activate({ ...valid(), username: 'teacher' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: MSG.activationUsernameMismatch });
    expect((await check(newstaffToken)).json()).toMatchObject({ success: true });
  });

  it('refuses an expired link with the spec message', async () => {
    const res = await activate({
      username: 'stalelink',
      password: 'Welcome2026!',
      password_confirm: 'Welcome2026!',
      token: staleToken,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: MSG.activationExpired });
    expect((await userByName(t.db, 'stalelink')).status).toBe('awaiting_activation');
  });

  it('refuses an unknown token with the expired message', async () => {
    const res = await activate({ ...valid(), token: randomAlphanumeric(64) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: MSG.activationExpired });
  });

  it('activates the user once: the password then signs in and the link is spent', async () => {
    const ip = nextIp();
    const res = await activate({ ...valid(), username: 'NewStaff' }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const u = await userByName(t.db, 'newstaff');
    expect(u.status).toBe('activated');
    expect(u.mustChangePassword).toBe(false);
    await login(t.app, 'newstaff', 'Welcome2026!');

    const again = await activate({ ...valid(), password: 'Another2026!', password_confirm: 'Another2026!' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: MSG.activationExpired });
    expect((await check(newstaffToken)).json()).toEqual(expiredAnswer);
    await login(t.app, 'newstaff', 'Welcome2026!');

    const audits = await auditRows(t.db, 'user.activated', u.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.ip).toBe(ip);
    expect(JSON.stringify(audits)).not.toContain(newstaffToken);
    expect(JSON.stringify(audits)).not.toContain('Welcome2026!');
  });

  it('voids an older link when a newer one is sent', async () => {
    const first = await pendingUser('twolinks');
    const [u] = await t.db.select().from(users).where(eq(users.username, 'twolinks'));
    if (!u) throw new Error('missing user');
    const second = await issueActivation(t.db, t.config.PUBLIC_URL, u);
    expect((await check(first.token)).json()).toEqual(expiredAnswer);
    expect((await check(second)).json()).toMatchObject({ success: true, name: 'Pat Quinn' });
    const live = await t.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, u.id), eq(tokens.kind, 'activation')));
    expect(live.filter((r) => r.usedAt === null)).toHaveLength(1);
  });

  it('lets exactly one of 20 parallel activations through', async () => {
    const p = await pendingUser('racinguser');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        activate({
          username: p.username,
          password: `Racing${i}Pass!`,
          password_confirm: `Racing${i}Pass!`,
          token: p.token,
        }),
      ),
    );
    const winners = results.flatMap((r, i) => (r.statusCode === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    for (const r of results)
      if (r.statusCode !== 200) expect(r.json()).toMatchObject({ success: false, error: MSG.activationExpired });
    // The winner's password is the one stored.
    await login(t.app, p.username, `Racing${winners[0]}Pass!`);
    const other = winners[0] === 0 ? 1 : 0;
    const loser = await call(t.app, 'POST', '/login', {
      payload: { username: p.username, password: `Racing${other}Pass!` },
    });
    expect(loser.json()).toMatchObject({ success: false, error_message: MSG.badCredentials });
  });

  it('answers 429 after 20 activation calls in a minute from one address', async () => {
    const ip = nextIp();
    for (let i = 0; i < 20; i++)
      expect(
        (await call(t.app, 'GET', '/check_activation_token', { ip, query: { token: staleToken } })).statusCode,
      ).toBe(200);
    const res = await activate(
      { username: 'stalelink', password: 'Welcome2026!', password_confirm: 'Welcome2026!', token: staleToken },
      ip,
    );
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});
