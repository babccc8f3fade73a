import { describe, expect, it } from 'vitest';
import { devicePasswordForm, resetMobilePasswordRequest } from './devices/commands.js';

/** The first message of each field, as the form shows it. */
const errorsOf = (v: unknown) => {
  const first: Record<string, string> = {};
  for (const i of devicePasswordForm.safeParse(v).error?.issues ?? []) first[i.path.join('.')] ??= i.message;
  return first;
};

describe('the device password (001 §5; its length is ours, docs/decisions/devices.md)', () => {
  it("needs both fields: 'Please enter a Password'", () => {
    expect(errorsOf({ password: '', password_confirm: '', send_email: false })).toEqual({
      password: 'Please enter a Password',
      password_confirm: 'Please enter a Password',
    });
  });

  it("needs the two to match: 'Passwords must match'", () => {
    expect(errorsOf({ password: '1234', password_confirm: '1235', send_email: false })).toEqual({
      password_confirm: 'Passwords must match',
    });
  });

  it('takes 4 to 32 characters: Android refuses a shorter screen-lock PIN', () => {
    expect(errorsOf({ password: '123', password_confirm: '123', send_email: false })).toEqual({
      password: 'Please enter at least 4 characters',
    });
    expect(errorsOf({ password: '1234', password_confirm: '1234', send_email: true })).toEqual({});
    const longest = 'x'.repeat(32);
    expect(errorsOf({ password: longest, password_confirm: longest, send_email: false })).toEqual({});
    const over = 'x'.repeat(33);
    expect(errorsOf({ password: over, password_confirm: over, send_email: false })).toEqual({
      password: 'Please enter at most 32 characters',
    });
  });

  it('is the same rule on POST /devices/reset_mobile_password', () => {
    expect(resetMobilePasswordRequest.safeParse({ id: 'NFMB2001', password: '123' }).success).toBe(false);
    expect(resetMobilePasswordRequest.safeParse({ id: 'NFMB2001', password: '1234' }).success).toBe(true);
  });
});
