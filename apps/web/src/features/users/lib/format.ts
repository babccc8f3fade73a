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

/** The contact rows of a user's cards (Profile Information, Profile Details), in the spec's order. */
export function contactRows(
  user: Pick<UserDetails, 'email_address' | 'first_name' | 'last_name' | 'time_zone' | 'telephone' | 'mobile'>,
  viewer: Pick<RegistrationInfo, 'time_zones' | 'country_codes'>,
): [label: string, value: string][] {
  return [
    ['Email address', user.email_address],
    ['First name', user.first_name],
    ['Last name', user.last_name],
    ['Time zone', timeZoneLabel(user.time_zone, viewer.time_zones)],
    ['Telephone', telephoneLabel(user.telephone, viewer.country_codes)],
    ['Mobile', mobileLabel(user.mobile, viewer.country_codes)],
  ];
}
