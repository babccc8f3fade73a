/**
 * An app's details and its approval (001 §2.4 'App accordion', §3 'App detail', §4 'App approval dialog',
 * §7; 002 §2.6): GET /app_requests/app (prefetched on row hover, cached 5 minutes) and
 * POST /app_requests/app, the pricing label and the dialog's warnings.
 */
import { z } from 'zod';
import { idField } from '../common.js';
import { APP_MSG } from './messages.js';
import { APP_BATCH_MAX, appItemResult, packageNameField } from './requests.js';

/** 001 §9, 002 §9: the app detail is kept 5 minutes. */
export const APP_DETAIL_CACHE_MS = 5 * 60_000;

/** The pricing values the catalogue holds (any other value is shown in upper case). */
export const APP_PRICINGS = ['free', 'free_with_in_app_purchases', 'paid'] as const;
export type AppPricing = (typeof APP_PRICINGS)[number];

/**
 * The Type of the app accordion (001 §2.4): 'Free with in-app purchases', 'Free', 'Paid(price)'; any other
 * value in upper case; 'Unknown' when none. Ours: a paid app without a price is 'Paid'; values are
 * matched without regard to case or surrounding space.
 */
export function pricingLabel(productPricing: string | null | undefined, price?: string | null): string {
  const p = (productPricing ?? '').trim();
  if (p === '') return APP_MSG.pricingUnknown;
  switch (p.toLowerCase()) {
    case 'free_with_in_app_purchases':
      return APP_MSG.pricingFreeWithIap;
    case 'free':
      return APP_MSG.pricingFree;
    case 'paid': {
      const amount = (price ?? '').trim();
      return amount === '' ? 'Paid' : `Paid(${amount})`;
    }
    default:
      return p.toUpperCase();
  }
}

// --- GET /app_requests/app ----------------------------------------------------------------------------------

export const appDetailQuery = z.object({ package_name: packageNameField });
export type AppDetailQuery = z.infer<typeof appDetailQuery>;

/** The approval dialog's warning (001 §3 'App approval warning'); null when the app carries none. */
export const adminWarningMessage = z.object({ heading: z.string(), message: z.string(), checkbox: z.string() });
export type AdminWarningMessage = z.infer<typeof adminWarningMessage>;

const namedUser = z.object({ id: z.number(), name: z.string() });

/** 001 §3 'App detail', and ours after the spec's fields. */
export const appDetailResponse = z.object({
  name: z.string(),
  /** The app's store page. */
  url: z.string(),
  image_url: z.string().nullable(),
  /** The developer. */
  vendor: z.string(),
  /** 'Google Play Store' or where else it comes from. */
  source: z.string(),
  platform: z.string(),
  classification: z.string(),
  package_id: z.string(),
  product_pricing: z.string(),
  price: z.string(),
  version: z.string(),
  /** 0 to 5; 0 when unrated. */
  rating: z.number(),
  rating_image: z.string().nullable(),
  description: z.string(),
  /** The account assigns this app to every user (auto assign is on). */
  enable_auto_assign: z.boolean(),
  /** Users the dialog may assign the app to: the account's users with a mobile device. */
  assign_users: z.array(namedUser),
  /** Ids of the users the app is assigned to now. */
  assigned_users: z.array(z.number()),
  is_admin_warning: z.boolean(),
  is_external: z.boolean(),
  is_prevent_autoassign: z.boolean(),
  admin_warning_message: adminWarningMessage.nullable(),
  // ours
  /** The account's request thread for the package, if any. */
  request: z
    .object({ id: z.number(), state: z.enum(['pending', 'approved', 'denied']), status: z.enum(['admin', 'tech']) })
    .nullable(),
  /** The approved app's mandatory install. */
  mandatory: z.boolean(),
  /** The catalogue id: POST /apps/user and POST /devices/mobile_apps/assigned name apps by it. */
  app_id: z.number(),
});
export type AppDetail = z.infer<typeof appDetailResponse>;

/** The warnings the approval dialog shows, in order (001 §4), each when its flag is set. */
export function approvalWarnings(
  app: Pick<AppDetail, 'is_admin_warning' | 'is_external' | 'is_prevent_autoassign'>,
): string[] {
  const w: string[] = [];
  if (app.is_admin_warning) w.push(APP_MSG.warnUnsuitable);
  if (app.is_external) w.push(APP_MSG.warnNotPlayStore);
  if (app.is_prevent_autoassign) w.push(APP_MSG.warnAutoAssignPrevented);
  return w;
}

// --- POST /app_requests/app (the approval) ----------------------------------------------------------------

/**
 * 001 §7: package_name, auto_assign, mandatory, assign_users (array of ids). auto_assign assigns every
 * user (now and later) and is refused when the app is_prevent_autoassign; otherwise assign_users (may be
 * empty: assign later on each user). Ours: warning_accepted, the ticked checkbox of the warning dialog,
 * required when the app is_admin_warning.
 */
export const appApprovalBody = z.object({
  package_name: packageNameField,
  auto_assign: z.boolean().default(false),
  mandatory: z.boolean().default(false),
  assign_users: z.array(idField).max(APP_BATCH_MAX, APP_MSG.tooManyUsers).default([]),
  warning_accepted: z.boolean().optional(),
});
export type AppApprovalBody = z.input<typeof appApprovalBody>;

/** The one result (001 §3 'request action result'), and ours: how many users and mobiles got the app. */
export const appApprovalResponse = z.object({
  success: z.boolean(),
  result: appItemResult,
  assigned_users: z.number(),
  install_commands: z.number(),
});
export type AppApprovalResponse = z.infer<typeof appApprovalResponse>;
