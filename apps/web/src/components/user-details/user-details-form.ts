/**
 * The user details form (000 §3.3, §5): the contract's field rules, plus the telephone trio and the
 * mobile pair that must be given together. Values are strings as the inputs hold them;
 * toUserDetailsRequest turns them into the request (telephone and mobile only when complete, 000 §4.5).
 */
import { z } from 'zod';
import { MSG, telephone, mobile, userDetailsRequest, type ProfileResponse, type UserDetailsRequest } from '@wayguard/contracts';

const fields = userDetailsRequest.shape;

const telephoneForm = z
  .object({
    country_code_id: z.string(),
    area_code: z.string().trim().pipe(telephone.shape.area_code),
    number: z.string().trim().pipe(telephone.shape.number),
  })
  .superRefine((v, ctx) => {
    if (!v.country_code_id && !v.area_code && !v.number) return;
    if (!v.country_code_id) ctx.addIssue({ code: 'custom', path: ['country_code_id'], message: MSG.countryCodeRequired });
    if (!v.area_code) ctx.addIssue({ code: 'custom', path: ['area_code'], message: MSG.areaCodeRequired });
    if (!v.number) ctx.addIssue({ code: 'custom', path: ['number'], message: MSG.telephoneRequired });
  });

const mobileForm = z
  .object({
    country_code_id: z.string(),
    number: z.string().trim().pipe(mobile.shape.number),
  })
  .superRefine((v, ctx) => {
    if (!v.country_code_id && !v.number) return;
    if (!v.country_code_id) ctx.addIssue({ code: 'custom', path: ['country_code_id'], message: MSG.countryCodeRequired });
    if (!v.number) ctx.addIssue({ code: 'custom', path: ['number'], message: MSG.mobileRequired });
  });

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

export function userDetailsFromProfile(p: ProfileResponse, fallbackTimeZone = ''): UserDetailsFormInput {
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

/** Telephone only with all three parts, mobile only with both; otherwise null (none). */
export function toUserDetailsRequest(v: UserDetailsFormValues): UserDetailsRequest {
  const tel = v.telephone;
  const mob = v.mobile;
  return {
    email_address: v.email_address,
    first_name: v.first_name,
    last_name: v.last_name,
    time_zone: v.time_zone,
    telephone:
      tel.country_code_id && tel.area_code && tel.number
        ? { number: tel.number, area_code: tel.area_code, country_code_id: Number(tel.country_code_id) }
        : null,
    mobile: mob.country_code_id && mob.number ? { number: mob.number, country_code_id: Number(mob.country_code_id) } : null,
  };
}
