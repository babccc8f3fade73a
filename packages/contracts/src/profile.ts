import { z } from 'zod';
import { AREA_CODE_MAX, NAME_MAX, NAME_MIN } from './constants.js';
import { MSG } from './messages.js';
import { emailField } from './auth.js';

export const telephone = z.object({
  number: z.string().max(20),
  area_code: z.string().max(AREA_CODE_MAX),
  country_code_id: z.number().int().nullable(),
});
export const mobile = z.object({ number: z.string().max(20), country_code_id: z.number().int().nullable() });

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
