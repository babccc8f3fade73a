import { describe, expect, it } from 'vitest';
import { MSG } from '@wayguard/contracts';
import {
  emptyUserDetails,
  userDetailsForm,
  userDetailsFromProfile,
  type UserDetailsFormInput,
} from '../user-details-form';

const valid: UserDetailsFormInput = {
  ...emptyUserDetails,
  email_address: 'ben@staff.nf.example',
  first_name: 'Ben',
  last_name: 'Hughes',
  time_zone: 'Europe/London',
};

function messages(input: UserDetailsFormInput): Record<string, string> {
  const r = userDetailsForm.safeParse(input);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('userDetailsForm (000 §3.3, §4.5, §5)', () => {
  it('sends telephone and mobile as null when left empty', () => {
    const r = userDetailsForm.parse(valid);
    expect(r.telephone).toBeNull();
    expect(r.mobile).toBeNull();
  });

  it('asks for the whole telephone trio once any part is given', () => {
    expect(messages({ ...valid, telephone: { country_code_id: '', area_code: '0161', number: '' } })).toEqual({
      'telephone.country_code_id': MSG.countryCodeRequired,
      'telephone.number': MSG.telephoneRequired,
    });
    expect(messages({ ...valid, telephone: { country_code_id: '44', area_code: '', number: '496000' } })).toEqual({
      'telephone.area_code': MSG.areaCodeRequired,
    });
    const r = userDetailsForm.parse({ ...valid, telephone: { country_code_id: '44', area_code: '0161', number: '1' } });
    expect(r.telephone).toEqual({ country_code_id: 44, area_code: '0161', number: '1' });
  });

  it('asks for the mobile pair once either part is given', () => {
    expect(messages({ ...valid, mobile: { country_code_id: '', number: '7700900123' } })).toEqual({
      'mobile.country_code_id': MSG.countryCodeRequired,
    });
    expect(messages({ ...valid, mobile: { country_code_id: '44', number: ' ' } })).toEqual({
      'mobile.number': MSG.mobileRequired,
    });
  });

  it('uses the spec texts for e-mail, names and time zone', () => {
    expect(
      messages({
        ...valid,
        email_address: `${'a'.repeat(24)}@example.org`,
        first_name: 'B',
        last_name: '',
        time_zone: '',
      }),
    ).toEqual({
      email_address: MSG.emailInvalidLong,
      first_name: MSG.firstNameRequired,
      last_name: MSG.lastNameRequired,
      time_zone: MSG.timezoneRequired,
    });
  });

  it('fills the form from stored details, the fallback zone only when none is stored', () => {
    const stored = { ...userDetailsForm.parse(valid), time_zone: '', mobile: { country_code_id: 44, number: '77' } };
    expect(userDetailsFromProfile(stored, 'Europe/Paris')).toMatchObject({
      time_zone: 'Europe/Paris',
      mobile: { country_code_id: '44', number: '77' },
      telephone: { country_code_id: '', area_code: '', number: '' },
    });
  });
});
