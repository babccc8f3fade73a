/** Two-factor set-up of one's own profile: POST /profile/2fa/setup, POST /profile/2fa/verify (000 §7.2; 002 §4.5). */
import { z } from 'zod';
import { mfaPinField } from './auth.js';

/** POST /profile/2fa/setup: a pending secret for the signed-in admin (refresh_2fa_code replaces it). */
export const twoFactorSetupRequest = z.object({ refresh_2fa_code: z.boolean().optional() });
export type TwoFactorSetupRequest = z.infer<typeof twoFactorSetupRequest>;
export const twoFactorSetupResponse = z.object({
  /** PNG data URL of the otpauth:// URI. */
  qr_code: z.string(),
  /** The same secret in base32, for typing into the app. */
  setup_key: z.string(),
});
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponse>;

/** POST /profile/2fa/verify: a code from the pending secret turns two-factor sign-in on (002 §4.5). */
export const twoFactorVerifyRequest = z.object({ pin: mfaPinField });
export type TwoFactorVerifyRequest = z.infer<typeof twoFactorVerifyRequest>;
export const twoFactorVerifyResponse = z.object({ success: z.boolean(), error: z.string().optional() });
export type TwoFactorVerifyResponse = z.infer<typeof twoFactorVerifyResponse>;

export const TWO_FACTOR_MSG = {
  notStarted: 'Start the two-factor set-up first',
} as const;
