import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@wayguard/contracts';
import { call, createTestApp, login, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /login', () => {
  it('signs in with the right password and returns a CSRF token and a session cookie', async () => {
    const s = await login(t.app, 'admin', 'DemoAdmin2026!');
    expect(s.csrf.length).toBeGreaterThanOrEqual(32);
    const res = await call(t.app, 'GET', '/registration_info', { session: s });
    expect(res.statusCode).toBe(200);
    expect(res.json().user_full_name).toBe('Alex Morgan');
  });

  it('refuses a wrong password with the spec shape and no session', async () => {
    const res = await call(t.app, 'POST', '/login', { payload: { username: 'admin', password: 'nope' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, error_message: MSG.badCredentials, csrf_token: null });
    expect(res.cookies.find((c) => c.name === 'wg_session')).toBeUndefined();
  });

  it('answers 400 with the spec message when the username is missing', async () => {
    const res = await call(t.app, 'POST', '/login', { payload: { username: '', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.usernameRequired);
  });
});
