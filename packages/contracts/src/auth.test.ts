import { describe, expect, it } from 'vitest';
import {
  activationRequest,
  agreementRequest,
  expiredPasswordForm,
  loginForm,
  loginRequest,
  mfaForm,
  newPasswordField,
  resetPasswordRequest,
} from './auth.js';
import { MSG } from './messages.js';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);

describe('password rules (000 §5)', () => {
  it.each([
    ['', MSG.passwordRequired],
    ['Ab1', MSG.passwordTooShort],
    ['abcdefgh1', MSG.passwordInvalid], // no uppercase
    ['Abcdefghi', MSG.passwordInvalid], // no digit
    ['Abcdefg1 ', MSG.passwordInvalid], // space is not allowed
    ['Abcdefg1<', MSG.passwordInvalid], // < is not allowed
  ])('%j is refused with %j', (value, message) => {
    expect(firstMessage(newPasswordField.safeParse(value))).toBe(message);
  });

  it.each(['Abcdefg1', 'Secure!Pass9', 'A1!@#$%^&*?_~'])('%j is accepted', (value) => {
    expect(newPasswordField.safeParse(value).success).toBe(true);
  });

  it('the expired-password form needs a confirmation equal to the new password', () => {
    expect(
      firstMessage(expiredPasswordForm.safeParse({ password: 'old', new_password: 'Abcdefg1', password_confirm: '' })),
    ).toBe(MSG.passwordConfirmRequired);
    expect(
      firstMessage(
        expiredPasswordForm.safeParse({ password: 'old', new_password: 'Abcdefg1', password_confirm: 'Abcdefg2' }),
      ),
    ).toBe(MSG.passwordsMustMatch);
    expect(
      expiredPasswordForm.safeParse({ password: 'old', new_password: 'Abcdefg1', password_confirm: 'Abcdefg1' })
        .success,
    ).toBe(true);
  });
});

describe('login', () => {
  it('requires a username and a password with the spec messages', () => {
    expect(firstMessage(loginForm.safeParse({ username: '', password: 'x' }))).toBe(MSG.usernameRequired);
    expect(firstMessage(loginForm.safeParse({ username: 'admin', password: '' }))).toBe(MSG.passwordRequired);
    expect(firstMessage(loginRequest.safeParse({ username: '  ', password: 'x' }))).toBe(MSG.usernameRequired);
  });

  it('takes a 6-digit two-factor code only', () => {
    expect(mfaForm.safeParse({ mfa_pin: '123456' }).success).toBe(true);
    for (const pin of ['12345', '1234567', '12a456', ''])
      expect(firstMessage(mfaForm.safeParse({ mfa_pin: pin }))).toBe(MSG.mfaCode);
  });
});

describe('activation (000 §5)', () => {
  const token = 'a'.repeat(64);
  it('needs a 64-character token', () => {
    expect(
      firstMessage(
        activationRequest.safeParse({
          username: 'newstaff',
          password: 'Abcdefg1',
          password_confirm: 'Abcdefg1',
          token: 'short',
        }),
      ),
    ).toBe(MSG.activationTokenLength);
  });
  it('needs matching passwords', () => {
    expect(
      firstMessage(
        activationRequest.safeParse({
          username: 'newstaff',
          password: 'Abcdefg1',
          password_confirm: 'Abcdefg2',
          token,
        }),
      ),
    ).toBe(MSG.passwordsMustMatch);
    expect(
      activationRequest.safeParse({ username: 'newstaff', password: 'Abcdefg1', password_confirm: 'Abcdefg1', token })
        .success,
    ).toBe(true);
  });
  it('needs a username', () => {
    expect(
      firstMessage(
        activationRequest.safeParse({ username: '', password: 'Abcdefg1', password_confirm: 'Abcdefg1', token }),
      ),
    ).toBe(MSG.usernameRequired);
  });
  it("asks for the confirmation in account verification's words: 'Please enter a Confirm Password'", () => {
    for (const password_confirm of ['', undefined])
      expect(
        firstMessage(
          activationRequest.safeParse({ username: 'newstaff', password: 'Abcdefg1', password_confirm, token }),
        ),
      ).toBe('Please enter a Confirm Password');
  });
});

describe('reset password (002 §5)', () => {
  it.each([
    [{ username: '', email: 'a@b.co' }, MSG.usernameRequired],
    [{ username: 'admin', email: '' }, MSG.emailRequired],
    [{ username: 'admin', email: 'not-an-email' }, MSG.emailInvalid],
    [{ username: 'admin', email: `${'a'.repeat(30)}@example.com` }, MSG.emailInvalid],
  ])('%j is refused with %j', (value, message) => {
    expect(firstMessage(resetPasswordRequest.safeParse(value))).toBe(message);
  });
  it('accepts a username and a valid address of at most 32 characters', () => {
    expect(resetPasswordRequest.safeParse({ username: 'admin', email: 'admin@northfield.example' }).success).toBe(true);
  });
});

describe('agreement acceptance (000 §3.2)', () => {
  it('carries id, result, captured time and an optional geolocation', () => {
    expect(
      agreementRequest.safeParse({
        id: 1,
        result: 'accept',
        captured: 1_795_000_000,
        geolocation: { longitude: -2.2, latitude: 53.4 },
      }).success,
    ).toBe(true);
    expect(
      agreementRequest.safeParse({ id: 1, result: 'accept', captured: 1_795_000_000, geolocation: null }).success,
    ).toBe(true);
    expect(agreementRequest.safeParse({ id: 1, result: 'maybe', captured: 1 }).success).toBe(false);
    expect(
      agreementRequest.safeParse({ id: 1, result: 'accept', captured: 1, geolocation: { longitude: 500, latitude: 0 } })
        .success,
    ).toBe(false);
  });
});
