/** The signed-in user's own details and their form: GET /profile, POST /profile, POST /users/details (000 §3.3, §5, §7.2). */
import { z } from 'zod';
import { AREA_CODE_MAX, NAME_MAX, NAME_MIN, PHONE_NUMBER_MAX } from './constants.js';
import { MSG } from './messages.js';
import { emailField } from './auth.js';
import { chosenIdField } from './common.js';

/** A telephone is sent whole or not at all (000 §4.5): country code, area code (max 4) and number together. */
export const telephone = z.object({
  country_code_id: chosenIdField(MSG.countryCodeRequired),
  area_code: z
    .string({ error: MSG.areaCodeRequired })
    .trim()
    .min(1, MSG.areaCodeRequired)
    .max(AREA_CODE_MAX, MSG.areaCodeRequired),
  number: z
    .string({ error: MSG.telephoneRequired })
    .trim()
    .min(1, MSG.telephoneRequired)
    .max(PHONE_NUMBER_MAX, MSG.telephoneRequired),
});
/** A mobile is sent with both its country code and number. */
export const mobile = z.object({
  country_code_id: chosenIdField(MSG.countryCodeRequired),
  number: z
    .string({ error: MSG.mobileRequired })
    .trim()
    .min(1, MSG.mobileRequired)
    .max(PHONE_NUMBER_MAX, MSG.mobileRequired),
});

const name = (message: string) => z.string({ error: message }).trim().min(NAME_MIN, message).max(NAME_MAX, message);

/** User details (000 §3.3) as sent by POST /profile and the Confirm User Details modal. */
export const userDetailsRequest = z.object({
  email_address: z
    .string({ error: MSG.emailInvalidLong })
    .trim()
    .min(1, MSG.emailInvalidLong)
    .max(32, MSG.emailInvalidLong)
    .pipe(z.email(MSG.emailInvalidLong)),
  first_name: name(MSG.firstNameRequired),
  last_name: name(MSG.lastNameRequired),
  time_zone: z.string({ error: MSG.timezoneRequired }).min(1, MSG.timezoneRequired).max(64),
  telephone: telephone.nullable().optional(),
  mobile: mobile.nullable().optional(),
});
export type UserDetailsRequest = z.infer<typeof userDetailsRequest>;
export const profileResponse = userDetailsRequest.extend({ username: z.string(), has_confirmed_details: z.boolean() });
export type ProfileResponse = z.infer<typeof profileResponse>;

export { emailField };
