import { describe, expect, it } from 'vitest';
import { MSG } from '@wayguard/contracts';
import { accountDetailsSchema, accountDetailsValues, type AccountDetailsInput } from '../lib/account-details-form';
import { isLogoFile } from '../lib/logo-file';
import { socialSchema } from '../lib/social-form';

const lines = [
  { label: 'Address Line 1', required: true },
  { label: 'Address Line 2', required: false },
  { label: 'Address Line 3', required: false },
  { label: 'Address Line 4', required: false },
  { label: 'Address Line 5', required: false },
];
const valid: AccountDetailsInput = {
  adressLine1: 'Northfield Academy',
  adressLine2: '',
  adressLine3: '',
  adressLine4: '',
  adressLine5: '',
  countryCodePhone: '19',
  areaCodePhone: '0161',
  numberPhone: '496012',
};

function errors(input: AccountDetailsInput): Record<string, string> {
  const r = accountDetailsSchema(lines).safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('account details form', () => {
  it('turns the inputs into the request', () => {
    expect(accountDetailsSchema(lines).parse(valid)).toEqual({
      address: ['Northfield Academy', '', '', '', ''],
      telephone: { country_code_id: 19, area_code: '0161', number: '496012' },
    });
  });

  it('sends no telephone when all three parts are empty', () => {
    const r = accountDetailsSchema(lines).parse({ ...valid, countryCodePhone: '', areaCodePhone: '', numberPhone: '' });
    expect(r.telephone).toBeNull();
  });

  it("gives '{label} is required' on the account's required lines only", () => {
    expect(errors({ ...valid, adressLine1: '  ' })).toEqual({ adressLine1: MSG.addressLineRequired('Address Line 1') });
    expect(errors({ ...valid, adressLine2: '' })).toEqual({});
  });

  it('asks for every missing part of the telephone, in lower case', () => {
    expect(errors({ ...valid, countryCodePhone: '' })).toEqual({ countryCodePhone: 'Please select a country code' });
    expect(errors({ ...valid, areaCodePhone: '' })).toEqual({ areaCodePhone: 'Please select an area code' });
    expect(errors({ ...valid, numberPhone: '' })).toEqual({ numberPhone: 'Please enter a telephone number' });
    expect(errors({ ...valid, areaCodePhone: '01612' })).toEqual({ areaCodePhone: 'Please select an area code' });
  });

  it('starts from the account', () => {
    expect(
      accountDetailsValues({
        address: [{ label: 'Address Line 1', value: 'A', required: true }],
        telephone: null,
      }),
    ).toEqual({ ...valid, adressLine1: 'A', countryCodePhone: '', areaCodePhone: '', numberPhone: '' });
  });
});

describe('social profiles form', () => {
  it('sends the handles in the order facebook, twitter, youtube', () => {
    expect(socialSchema.parse({ youtube: 'c', facebook: 'a', twitter: 'b' })).toEqual({
      profiles: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
    });
  });

  it('refuses a handle over 32 characters', () => {
    const r = socialSchema.safeParse({ facebook: 'x'.repeat(33), twitter: '', youtube: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Maximum character length is 32.');
  });
});

describe('logo file types', () => {
  it.each([
    ['logo.png', 'image/png', true],
    ['logo.JPG', 'image/jpeg', true],
    ['logo.gif', 'image/gif', true],
    ['logo.bmp', 'image/bmp', true],
    ['logo.webp', 'image/webp', true],
    ['logo.webp', '', true],
    ['notes.txt', 'text/plain', false],
    ['logo.svg', 'image/svg+xml', false],
    ['logo.png', 'text/plain', false],
    ['png', '', false],
  ])('%s (%s) → %s', (name, type, ok) => {
    expect(isLogoFile({ name, type })).toBe(ok);
  });
});
