import { describe, expect, it } from 'vitest';
import { userDetailsRequest } from './profile.js';
import { MSG } from './messages.js';

const valid = {
  email_address: 'a.morgan@school.example',
  first_name: 'Alex',
  last_name: 'Morgan',
  time_zone: 'Europe/London',
};
const message = (v: unknown) => {
  const r = userDetailsRequest.safeParse(v);
  return r.success ? null : r.error.issues[0]?.message;
};

describe('user details (000 §5)', () => {
  it('accepts valid details', () => expect(message(valid)).toBeNull());
  it('accepts a whole telephone and mobile, or none', () => {
    expect(
      message({
        ...valid,
        telephone: { country_code_id: 19, area_code: '0161', number: '496000' },
        mobile: { country_code_id: 19, number: '7700900123' },
      }),
    ).toBeNull();
    expect(message({ ...valid, telephone: null, mobile: null })).toBeNull();
  });
  it.each([
    [{ email_address: '' }, MSG.emailInvalidLong],
    [{ email_address: 'nope' }, MSG.emailInvalidLong],
    [{ email_address: `${'a'.repeat(25)}@example.com` }, MSG.emailInvalidLong],
    [{ first_name: 'A' }, MSG.firstNameRequired],
    [{ first_name: 'A'.repeat(33) }, MSG.firstNameRequired],
    [{ last_name: '' }, MSG.lastNameRequired],
    [{ time_zone: '' }, MSG.timezoneRequired],
    [{ telephone: { country_code_id: null, area_code: '0161', number: '496000' } }, MSG.countryCodeRequired],
    // past the id column's range (a fuzz case once answered 500)
    [{ telephone: { country_code_id: 2_147_483_648, area_code: '0161', number: '496000' } }, MSG.countryCodeRequired],
    [{ mobile: { country_code_id: 1.5, number: '7700900123' } }, MSG.countryCodeRequired],
    [{ telephone: { country_code_id: 19, area_code: '', number: '496000' } }, MSG.areaCodeRequired],
    [{ telephone: { country_code_id: 19, area_code: '01611', number: '496000' } }, MSG.areaCodeRequired],
    [{ telephone: { country_code_id: 19, area_code: '0161', number: '' } }, MSG.telephoneRequired],
    [{ mobile: { country_code_id: 19, number: '' } }, MSG.mobileRequired],
    [{ mobile: { number: '7700900123' } }, MSG.countryCodeRequired],
  ])('%j is refused with %j', (change, expected) => {
    expect(message({ ...valid, ...change })).toBe(expected);
  });
});
