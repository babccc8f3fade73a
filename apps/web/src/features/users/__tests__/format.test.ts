import { describe, expect, it } from 'vitest';
import type { RegistrationInfo } from '@wayguard/contracts';
import { mobileLabel, telephoneLabel, timeZoneLabel } from '../lib/format';

const zones: RegistrationInfo['time_zones'] = [{ name: 'Europe/London', display_name: '(UTC+00:00) Europe/London' }];
const codes = [{ id: 44, country_name: 'United Kingdom', digits: '44' }] as RegistrationInfo['country_codes'];

describe('profile values (000 §3.3)', () => {
  it('shows the display name of a known zone, the zone itself otherwise, Not set when empty', () => {
    expect(timeZoneLabel('Europe/London', zones)).toBe('(UTC+00:00) Europe/London');
    expect(timeZoneLabel('Asia/Tokyo', zones)).toBe('Asia/Tokyo');
    expect(timeZoneLabel('', zones)).toBe('Not set');
  });

  it('writes a telephone as dial code, area code and number, and a mobile without the area code', () => {
    expect(telephoneLabel({ country_code_id: 44, area_code: '0161', number: '496000' }, codes)).toBe('+44 0161 496000');
    expect(telephoneLabel(null, codes)).toBe('Not set');
    expect(mobileLabel({ country_code_id: 44, number: '7700900123' }, codes)).toBe('+44 7700900123');
    // A code the list no longer has leaves the dial code out rather than showing a wrong one.
    expect(mobileLabel({ country_code_id: 999, number: '7700900123' }, codes)).toBe('7700900123');
    expect(mobileLabel(null, codes)).toBe('Not set');
  });
});
