/**
 * The user details form (000 §3.3, §5): the contract's field rules, plus the telephone trio and the
 * mobile pair that must be given together (000 §4.5). Inputs hold strings; the parsed output is the
 * request itself, with telephone and mobile null unless complete.
 */
import { z } from 'zod';
import { telephone, mobile, userDetailsRequest, type UserDetailsRequest } from '@wayguard/contracts';

const fields = userDetailsRequest.shape;

/** Empty inputs mean "none"; any part given means all parts, checked by the contract's own schema. */
function phoneGroup<S extends z.ZodType>(schema: S, toRequest: (parts: Record<string, string>) => unknown) {
  return (parts: Record<string, string>, ctx: z.RefinementCtx): z.output<S> | null => {
    if (Object.values(parts).every((p) => p.trim() === '')) return null;
    const result = schema.safeParse(toRequest(parts));
    if (result.success) return result.data;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return z.NEVER;
  };
}

const countryCodeId = (id: string | undefined) => (id ? Number(id) : undefined);

const telephoneForm = z.object({ country_code_id: z.string(), area_code: z.string(), number: z.string() }).transform(
  phoneGroup(telephone, (p) => ({
    country_code_id: countryCodeId(p.country_code_id),
    area_code: p.area_code,
    number: p.number,
  })),
);

const mobileForm = z
  .object({ country_code_id: z.string(), number: z.string() })
  .transform(phoneGroup(mobile, (p) => ({ country_code_id: countryCodeId(p.country_code_id), number: p.number })));

export const userDetailsForm = z.object({
  email_address: fields.email_address,
  first_name: fields.first_name,
  last_name: fields.last_name,
  time_zone: fields.time_zone,
  telephone: telephoneForm,
  mobile: mobileForm,
});

export type UserDetailsFormInput = z.input<typeof userDetailsForm>;
export type UserDetailsFormValues = z.output<typeof userDetailsForm>;

export const emptyUserDetails: UserDetailsFormInput = {
  email_address: '',
  first_name: '',
  last_name: '',
  time_zone: '',
  telephone: { country_code_id: '', area_code: '', number: '' },
  mobile: { country_code_id: '', number: '' },
};

const idString = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));

/** Form values from stored details: GET /profile's answer, or a user of GET /users/details. */
export function userDetailsFromProfile(p: UserDetailsRequest, fallbackTimeZone = ''): UserDetailsFormInput {
  return {
    email_address: p.email_address ?? '',
    first_name: p.first_name ?? '',
    last_name: p.last_name ?? '',
    time_zone: p.time_zone || fallbackTimeZone,
    telephone: {
      country_code_id: idString(p.telephone?.country_code_id),
      area_code: p.telephone?.area_code ?? '',
      number: p.telephone?.number ?? '',
    },
    mobile: { country_code_id: idString(p.mobile?.country_code_id), number: p.mobile?.number ?? '' },
  };
}

/** The request: telephone and mobile are null (none) unless complete, as the form's output already is. */
export function toUserDetailsRequest(v: UserDetailsFormValues): UserDetailsRequest {
  return v;
}
