/** How the user pages show time zones and phone numbers (000 §3.3). */
import type { RegistrationInfo, UserDetails } from '@wayguard/contracts';

export const NOT_SET = 'Not set';

export function timeZoneLabel(zone: string, zones: RegistrationInfo['time_zones']): string {
  if (!zone) return NOT_SET;
  return zones.find((z) => z.name === zone)?.display_name ?? zone;
}

function dialCode(id: number, codes: RegistrationInfo['country_codes']): string {
  const c = codes.find((x) => x.id === id);
  return c ? `+${c.digits}` : '';
}

export function telephoneLabel(t: UserDetails['telephone'], codes: RegistrationInfo['country_codes']): string {
  if (!t) return NOT_SET;
  return [dialCode(t.country_code_id, codes), t.area_code, t.number].filter(Boolean).join(' ');
}

export function mobileLabel(m: UserDetails['mobile'], codes: RegistrationInfo['country_codes']): string {
  if (!m) return NOT_SET;
  return [dialCode(m.country_code_id, codes), m.number].filter(Boolean).join(' ');
}
