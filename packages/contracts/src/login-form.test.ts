/** The login page's zod-free check and the loginForm schema that wraps it. */
import { describe, expect, it } from 'vitest';
import { loginForm } from './auth.js';
import { loginFormErrors } from './login-form.js';
import { MSG } from './messages.js';

describe('loginFormErrors', () => {
  it('asks for both fields, a blank username counting as none', () => {
    expect(loginFormErrors({ username: '  ', password: '' })).toEqual({
      username: MSG.usernameRequired,
      password: MSG.passwordRequired,
    });
    expect(loginFormErrors({ username: 'admin', password: ' ' })).toEqual({});
  });

  it('gives the messages the schema gives, on the same fields', () => {
    for (const v of [
      { username: '', password: '' },
      { username: ' x ', password: '' },
      { username: '\t', password: 'secret' },
      { username: 'admin', password: 'secret' },
    ]) {
      const parsed = loginForm.safeParse(v);
      const fromSchema = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
      expect(fromSchema).toEqual(loginFormErrors(v));
    }
  });
});
