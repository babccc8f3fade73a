/**
 * The account page: GET /account, POST /account, POST /account/social_media, POST /account/logo,
 * GET /account/logo/image; details, address, telephone, logo, social profiles (000 §2.6, §3.6, §5, §7.2).
 */
import { z } from 'zod';
import { AREA_CODE_MAX, LOGO, PHONE_NUMBER_MAX, SOCIAL_HANDLE_MAX, TEXT_MAX } from './constants.js';
import { MSG } from './messages.js';
import { chosenIdField } from './common.js';

export const ADDRESS_LINES = 5;

/** The three profiles in the spec's order, with the site each handle belongs to. */
export const SOCIAL_PROFILES = [
  { key: 'facebook', label: 'Facebook', website: 'https://www.facebook.com/' },
  { key: 'twitter', label: 'Twitter', website: 'https://twitter.com/' },
  { key: 'youtube', label: 'YouTube', website: 'https://www.youtube.com/' },
] as const;

/** Logo files: the editor's accepted types (000 §2.6) and the server's bounds on what it decodes. */
export const LOGO_FILE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_SIDE_PX = 5000;
/** Base64 of LOGO_MAX_BYTES plus room for a data-URL prefix. */
const LOGO_MAX_DATA_CHARS = Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 64;

const addressLine = z.object({ label: z.string(), value: z.string(), required: z.boolean() });
export type AddressLine = z.infer<typeof addressLine>;

/** GET /account (000 §3.6). */
export const accountResponse = z.object({
  account_name: z.string(),
  account_number: z.string(),
  s3_account_number: z.string(),
  /** Unix seconds; 0 when unknown. */
  console_registered: z.number(),
  country_name: z.string(),
  support_provided_by: z.string(),
  machine_count: z.number(),
  mobile_count: z.number(),
  user_count: z.number(),
  registered_not_billed_count: z.number(),
  billed_not_registered_count: z.number(),
  address: z.array(addressLine),
  telephone: z.object({ number: z.string(), area_code: z.string(), country_code_id: z.number() }).nullable(),
  /** data: base64 PNG (500x100), filename ends in .png. */
  logo: z.object({ data: z.string(), filename: z.string() }).nullable(),
  sfa: z.object({
    can_reregister: z.boolean(),
    date_registered: z.number(),
    administrator: z.string(),
    enterprise_id: z.string(),
  }),
  social_media: z.array(z.object({ label: z.string(), value: z.string(), website: z.string() })),
  eset: z.object({
    is_enabled: z.boolean(),
    login_url: z.string(),
    administrators: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
});
export type AccountResponse = z.infer<typeof accountResponse>;

/** The account's telephone: country code, area code (max 4) and number together, with the account form's texts. */
export const accountTelephone = z.object({
  country_code_id: chosenIdField(MSG.accountCountryCodeRequired),
  area_code: z
    .string({ error: MSG.accountAreaCodeRequired })
    .trim()
    .min(1, MSG.accountAreaCodeRequired)
    .max(AREA_CODE_MAX, MSG.accountAreaCodeRequired),
  number: z
    .string({ error: MSG.telephoneRequired })
    .trim()
    .min(1, MSG.telephoneRequired)
    .max(PHONE_NUMBER_MAX, MSG.telephoneRequired),
});

const maxLength = `Maximum character length is ${TEXT_MAX}.`;

/** POST /account: the address lines in order (up to five) and the telephone, or null for none. */
export const updateAccountRequest = z.object({
  address: z.array(z.string().trim().max(TEXT_MAX, maxLength)).max(ADDRESS_LINES, MSG.lastActionFailed),
  telephone: accountTelephone.nullable(),
});
export type UpdateAccountRequest = z.infer<typeof updateAccountRequest>;

/**
 * The same request checked against the account's own lines: a line is required only where the
 * account flags it ('{label} is required'). The form and the server both use this.
 */
export function accountDetailsForm(lines: readonly Pick<AddressLine, 'label' | 'required'>[]) {
  return updateAccountRequest.extend({
    address: updateAccountRequest.shape.address.superRefine((values, ctx) => {
      lines.slice(0, ADDRESS_LINES).forEach((line, i) => {
        if (line.required && (values[i] ?? '') === '')
          ctx.addIssue({ code: 'custom', path: [i], message: MSG.addressLineRequired(line.label) });
      });
    }),
  });
}

/** POST /account/social_media: handles in the order facebook, twitter, youtube. */
export const socialMediaRequest = z.object({
  profiles: z
    .array(
      z.object({
        value: z.string().trim().max(SOCIAL_HANDLE_MAX, `Maximum character length is ${SOCIAL_HANDLE_MAX}.`),
      }),
    )
    .length(SOCIAL_PROFILES.length, MSG.lastActionFailed),
});
export type SocialMediaRequest = z.infer<typeof socialMediaRequest>;

/**
 * POST /account/logo: the cropped image as base64 (a data URL is accepted). Empty data, empty
 * filename and zero sizes remove the logo.
 */
export const logoRequest = z.object({
  data: z.string().max(LOGO_MAX_DATA_CHARS, MSG.logoTooLarge),
  filename: z.string().trim().max(255, MSG.invalidImage),
  width: z.number().int(MSG.invalidImage).min(0, MSG.invalidImage).max(LOGO_MAX_SIDE_PX, MSG.logoTooLarge),
  height: z.number().int(MSG.invalidImage).min(0, MSG.invalidImage).max(LOGO_MAX_SIDE_PX, MSG.logoTooLarge),
});
export type LogoRequest = z.infer<typeof logoRequest>;

/** Size of the stored logo: the editor's crop area. */
export const LOGO_SIZE = { width: LOGO.cropWidth, height: LOGO.cropHeight } as const;
