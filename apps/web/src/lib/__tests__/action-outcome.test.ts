import { describe, expect, it } from 'vitest';
import { MSG, PASSWORD_VERIFICATION_REQUIRED, requestErrorText } from '@wayguard/contracts';
import { ApiError } from '../api-client';
import { errorOutcome, fieldErrorsOf, formFieldErrors, responseOutcome } from '../action-outcome';

describe('an answer becomes an outcome (000 §8)', () => {
  it('is a success unless it says success: false', () => {
    expect(responseOutcome({ success: true })).toEqual({ ok: true, data: { success: true } });
    expect(responseOutcome({ qr_code: 'x' })).toEqual({ ok: true, data: { qr_code: 'x' } });
  });

  it("fails on success: false with the server's text, else 'Something went wrong…' or the screen's own", () => {
    expect(responseOutcome({ success: false, error: 'User is already deactivated' })).toEqual({
      ok: false,
      message: 'User is already deactivated',
      fields: {},
    });
    expect(responseOutcome({ success: false })).toMatchObject({ ok: false, message: MSG.somethingWrong });
    expect(responseOutcome({ success: false, error: '' }, MSG.mfaWrongCode)).toMatchObject({
      message: MSG.mfaWrongCode,
    });
    // Feedback answers carry their text as `message`.
    expect(responseOutcome({ success: false, message: 'Too many files' })).toMatchObject({ message: 'Too many files' });
  });

  it("shows an error code as its sentence: the answer's message, else the catalogue's (001 §8), never bare", () => {
    // POST /requests/block's refusal: {success, error, message}.
    const blocked = { success: false, error: 'AC058', message: 'request(s) website already blocked [AC058]' };
    expect(responseOutcome(blocked)).toMatchObject({ message: 'request(s) website already blocked [AC058]' });
    expect(responseOutcome({ success: false, error: 'AC058' })).toMatchObject({
      message: requestErrorText('AC058'),
    });
    for (const code of ['AC056', 'AC057'] as const)
      expect(responseOutcome({ success: false, error: code })).toMatchObject({ message: requestErrorText(code) });
    // A code the catalogue lacks: the answer's message, else the code (nothing better to show).
    expect(responseOutcome({ success: false, error: 'XY123', message: 'Try later' })).toMatchObject({
      message: 'Try later',
    });
    expect(responseOutcome({ success: false, error: 'XY123' })).toMatchObject({ message: 'XY123' });
    // A thrown 4xx with a code reads the same.
    expect(errorOutcome(new ApiError(409, 'x', { error: 'AC010' }))).toMatchObject({
      message: requestErrorText('AC010'),
    });
  });
});

describe('an error becomes an outcome', () => {
  it("reads as lib/action-error says, with the 400's field errors", () => {
    const body = { success: false, error: 'Email is taken', fields: { email_address: 'Email is taken', x: 3 } };
    expect(errorOutcome(new ApiError(400, 'x', body))).toEqual({
      ok: false,
      message: 'Email is taken',
      fields: { email_address: 'Email is taken' },
    });
    expect(errorOutcome(new ApiError(404, 'Not found', null))).toMatchObject({ message: MSG.lastActionFailed });
    expect(errorOutcome(new ApiError(500, 'x', null))).toMatchObject({ message: MSG.somethingWrong });
    expect(errorOutcome(new ApiError(403, 'x', null))).toMatchObject({ message: null });
  });

  it("keeps the server's error_code (a password change asking for the password first), and only a text one", () => {
    const body = {
      success: false,
      error: MSG.passwordVerificationRequired,
      error_code: PASSWORD_VERIFICATION_REQUIRED,
    };
    expect(errorOutcome(new ApiError(400, 'x', body))).toEqual({
      ok: false,
      message: MSG.passwordVerificationRequired,
      fields: {},
      code: PASSWORD_VERIFICATION_REQUIRED,
    });
    expect(responseOutcome(body)).toMatchObject({ code: PASSWORD_VERIFICATION_REQUIRED });
    expect(errorOutcome(new ApiError(400, 'x', { error: 'x', error_code: 7 }))).not.toHaveProperty('code');
  });

  it('says nothing for a request the user cancelled', () => {
    expect(errorOutcome(new DOMException('aborted', 'AbortError'))).toEqual({ ok: false, message: null, fields: {} });
  });

  it('keeps only string messages of fields', () => {
    expect(fieldErrorsOf({ fields: { a: 'A', b: 1, c: '' } })).toEqual({ a: 'A' });
    expect(fieldErrorsOf({ fields: null })).toEqual({});
    expect(fieldErrorsOf('text')).toEqual({});
  });
});

describe('server field errors land on the inputs', () => {
  const inputs = new Set(['email_address', 'telephone.area_code', 'address']);
  const isField = (p: string) => inputs.has(p);

  it('on the input of the same path, else on its parent; the rest are counted', () => {
    expect(
      formFieldErrors(
        {
          email_address: 'Taken',
          'telephone.area_code': 'Please select an area code',
          'address.2': 'Required',
          zip: 'x',
        },
        isField,
      ),
    ).toEqual({
      onInputs: [
        ['email_address', 'Taken'],
        ['telephone.area_code', 'Please select an area code'],
        ['address', 'Required'],
      ],
      unplaced: 1,
    });
  });
});
