import { describe, expect, it } from 'vitest';
import {
  accountDetailsForm,
  logoRequest,
  socialMediaRequest,
  SOCIAL_PROFILES,
  updateAccountRequest,
} from './account.js';
import { MSG } from './messages.js';

const lines = [
  { label: 'Address Line 1', required: true },
  { label: 'Address Line 2', required: true },
  { label: 'Address Line 3', required: false },
  { label: 'Address Line 4', required: false },
  { label: 'Address Line 5', required: false },
];
const phone = { country_code_id: 19, area_code: '0161', number: '496012' };
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('account details (000 §5 Account address)', () => {
  const form = accountDetailsForm(lines);
  it('accepts filled required lines and a whole telephone or none', () => {
    expect(first(form.safeParse({ address: ['A', 'B', '', '', ''], telephone: phone }))).toBeNull();
    expect(first(form.safeParse({ address: ['A', 'B'], telephone: null }))).toBeNull();
  });
  it.each([
    [['', 'B'], 'Address Line 1 is required'],
    [['A', ' '], 'Address Line 2 is required'],
    [['A'], 'Address Line 2 is required'],
    [['A', 'B', 'x'.repeat(33)], 'Maximum character length is 32.'],
  ])('address %j gives %s', (address, message) =>
    expect(first(form.safeParse({ address, telephone: null }))).toBe(message),
  );
  it('requires only the lines the account flags', () => {
    const family = accountDetailsForm([
      { label: 'Address Line 1', required: true },
      { label: 'Address Line 2', required: false },
    ]);
    expect(first(family.safeParse({ address: ['A', ''], telephone: null }))).toBeNull();
    expect(first(family.safeParse({ address: [], telephone: null }))).toBe('Address Line 1 is required');
  });
  it.each([
    [{ ...phone, country_code_id: null }, 'Please select a country code'],
    [{ ...phone, country_code_id: 0 }, 'Please select a country code'],
    // past the id column's range (a fuzz case once answered 500)
    [{ ...phone, country_code_id: 2_147_483_648 }, 'Please select a country code'],
    [{ ...phone, area_code: '' }, 'Please select an area code'],
    [{ ...phone, area_code: '12345' }, 'Please select an area code'],
    [{ ...phone, number: '' }, 'Please enter a telephone number'],
  ])('telephone %j gives %s', (telephone, message) =>
    expect(first(updateAccountRequest.safeParse({ address: [], telephone }))).toBe(message),
  );
  it('allows at most five lines', () =>
    expect(first(updateAccountRequest.safeParse({ address: ['1', '2', '3', '4', '5', '6'], telephone: null }))).toBe(
      MSG.lastActionFailed,
    ));
});

describe('social media profiles', () => {
  it('lists facebook, twitter, youtube in that order', () =>
    expect(SOCIAL_PROFILES.map((p) => p.key)).toEqual(['facebook', 'twitter', 'youtube']));
  it('limits each handle to 32 characters', () => {
    expect(
      first(socialMediaRequest.safeParse({ profiles: [{ value: 'a'.repeat(32) }, { value: '' }, { value: '' }] })),
    ).toBeNull();
    expect(
      first(socialMediaRequest.safeParse({ profiles: [{ value: 'a'.repeat(33) }, { value: '' }, { value: '' }] })),
    ).toBe('Maximum character length is 32.');
  });
});

describe('logo upload', () => {
  it('accepts an upload and a removal', () => {
    expect(
      first(logoRequest.safeParse({ data: 'iVBORw0KGgo=', filename: 'a.png', width: 500, height: 100 })),
    ).toBeNull();
    expect(first(logoRequest.safeParse({ data: '', filename: '', width: 0, height: 0 }))).toBeNull();
  });
  it('refuses oversized data and sizes', () => {
    expect(
      first(logoRequest.safeParse({ data: 'A'.repeat(3_000_000), filename: 'a.png', width: 500, height: 100 })),
    ).toBe(MSG.logoTooLarge);
    expect(first(logoRequest.safeParse({ data: 'A', filename: 'a.png', width: 5001, height: 100 }))).toBe(
      MSG.logoTooLarge,
    );
  });
});
