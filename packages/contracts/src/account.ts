import { z } from 'zod';
import { SOCIAL_HANDLE_MAX } from './constants.js';
import { telephone } from './profile.js';

/** GET /account (000 §3.6). */
export const accountResponse = z.object({
  account_name: z.string(),
  account_number: z.string(),
  s3_account_number: z.string(),
  console_registered: z.number(),
  country_name: z.string(),
  support_provided_by: z.string(),
  machine_count: z.number(),
  mobile_count: z.number(),
  user_count: z.number(),
  registered_not_billed_count: z.number(),
  billed_not_registered_count: z.number(),
  address: z.array(z.object({ label: z.string(), value: z.string(), required: z.boolean() })),
  telephone: telephone.nullable(),
  logo: z.object({ data: z.string(), filename: z.string() }).nullable(),
  sfa: z.object({ can_reregister: z.boolean(), date_registered: z.number(), administrator: z.string(), enterprise_id: z.string() }),
  social_media: z.array(z.object({ label: z.string(), value: z.string(), website: z.string() })),
  eset: z.object({ is_enabled: z.boolean(), login_url: z.string(), administrators: z.array(z.object({ id: z.number(), name: z.string() })) }),
});
export type AccountResponse = z.infer<typeof accountResponse>;

/** POST /account: up to five address lines and a telephone. Required lines are checked against the account's flags. */
export const updateAccountRequest = z.object({
  address: z.array(z.string().trim().max(100)).max(5),
  telephone: telephone.nullable(),
});

/** POST /account/social_media: handles in the order facebook, twitter, youtube. */
export const socialMediaRequest = z.object({
  profiles: z.array(z.object({ value: z.string().trim().max(SOCIAL_HANDLE_MAX, `Maximum character length is ${SOCIAL_HANDLE_MAX}.`) })).length(3),
});

/** POST /account/logo: base64 image (empty data removes the logo). */
export const logoRequest = z.object({
  data: z.string().max(4_000_000),
  filename: z.string().max(200),
  width: z.number().int().min(0).max(5000),
  height: z.number().int().min(0).max(5000),
});
