/**
 * Sign-in, activation, password reset, password verification and change: POST /login, GET /recaptcha_token,
 * GET /check_activation_token, POST /activation, POST /reset_password, POST /verify_password,
 * POST /change_password (000 §2.4-2.5, §3.2, §4.1, §4.3, §5, §7.1; 002 §2.12).
 */
import { z } from 'zod';
import { ACTIVATION_TOKEN_LENGTH, EMAIL_MAX, MFA_CODE_LENGTH, PASSWORD_MIN } from './constants.js';
import { MSG } from './messages.js';
import { loginFormErrors } from './login-form.js';

/** Letters, digits and !@#$%^&*?_~ only (000 §5). */
export const PASSWORD_ALLOWED = /^[A-Za-z0-9!@#$%^&*?_~]+$/;

/** A new password: 8+, at least one uppercase letter and one digit, allowed characters only. */
export const newPasswordField = z
  .string({ error: MSG.passwordRequired })
  .min(1, MSG.passwordRequired)
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(128, MSG.passwordInvalid)
  .refine((v) => PASSWORD_ALLOWED.test(v) && /[A-Z]/.test(v) && /[0-9]/.test(v), MSG.passwordInvalid);

const requiredString = (message: string, max = 256) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const mfaPinField = z
  .string({ error: MSG.mfaCode })
  .regex(new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`), MSG.mfaCode);

/** POST /login (000 §3.2). One call carries every optional step. */
export const loginRequest = z.object({
  username: requiredString(MSG.usernameRequired, 64),
  password: requiredString(MSG.passwordRequired, 128),
  new_password: z.string().max(128).optional(),
  password_confirm: z.string().max(128).optional(),
  mfa_pin: z.string().max(16).optional(),
  recaptcha_response: z.string().max(4096).optional(),
  refresh_qr_code: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({
  success: z.boolean(),
  error_message: z.string().nullable(),
  /** Set when the next attempt must carry a solved captcha (fetch it from GET /recaptcha_token). */
  recaptcha_access_token: z.string().nullable(),
  must_change_password: z.boolean(),
  mfa_required: z.boolean(),
  mfa_qr_code: z.string().nullable(),
  mfa_setup_key: z.string().nullable(),
  csrf_token: z.string().nullable(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

/** Client forms of the login steps. */
/** The login page checks the same rules without zod (login-form.ts); this schema holds it to them. */
export const loginForm = z.object({ username: z.string().trim(), password: z.string() }).superRefine((v, ctx) => {
  for (const [field, message] of Object.entries(loginFormErrors(v)))
    ctx.addIssue({ code: 'custom', message, path: [field] });
});
export const passwordPairForm = z
  .object({ new_password: newPasswordField, password_confirm: z.string().min(1, MSG.passwordConfirmRequired) })
  .refine((v) => v.new_password === v.password_confirm, {
    message: MSG.passwordsMustMatch,
    path: ['password_confirm'],
  });
export const expiredPasswordForm = z
  .object({
    password: z.string().min(1, MSG.passwordRequired),
    new_password: newPasswordField,
    password_confirm: z.string().min(1, MSG.passwordConfirmRequired),
  })
  .refine((v) => v.new_password === v.password_confirm, {
    message: MSG.passwordsMustMatch,
    path: ['password_confirm'],
  });
export const mfaForm = z.object({ mfa_pin: mfaPinField });

/** GET /recaptcha_token: an ALTCHA challenge, JSON-encoded in `token`. */
export const recaptchaTokenResponse = z.object({ success: z.boolean(), token: z.string() });

export const activationTokenField = z
  .string({ error: MSG.activationTokenLength })
  .length(ACTIVATION_TOKEN_LENGTH, MSG.activationTokenLength);
export const checkActivationTokenQuery = z.object({ token: activationTokenField });
export const checkActivationTokenResponse = z.object({
  success: z.boolean(),
  expired: z.boolean(),
  name: z.string().nullable(),
  username: z.string().nullable(),
  error: z.string().optional(),
});
export const activationRequest = z
  .object({
    username: requiredString(MSG.usernameRequired, 64),
    password: newPasswordField,
    // Account verification's own wording (000 §5), not the password change's 'Please enter a same password'.
    password_confirm: z.string({ error: MSG.confirmPasswordRequired }).min(1, MSG.confirmPasswordRequired),
    token: activationTokenField,
  })
  .refine((v) => v.password === v.password_confirm, { message: MSG.passwordsMustMatch, path: ['password_confirm'] });
export type ActivationRequest = z.infer<typeof activationRequest>;

export const emailField = z
  .string({ error: MSG.emailRequired })
  .trim()
  .min(1, MSG.emailRequired)
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email(MSG.emailInvalid));

/** POST /reset_password (002 §2.12, §5). */
export const resetPasswordRequest = z.object({
  username: requiredString(MSG.usernameRequired, 64),
  email: emailField,
  recaptcha_response: z.string().max(4096).optional(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const verifyPasswordRequest = z.object({ password: requiredString(MSG.passwordRequired, 128) });
export const changePasswordRequest = z.object({ password: newPasswordField });

/**
 * The `error_code` of the 400 (MSG.passwordVerificationRequired) that POST /change_password and turning
 * two-factor sign-in off answer when the session has not proved its password (sign-in or POST
 * /verify_password) within PASSWORD_VERIFICATION_MINUTES: verify, then send the same call again.
 * Each verification allows one such change.
 */
export const PASSWORD_VERIFICATION_REQUIRED = 'password_verification_required';
export const PASSWORD_VERIFICATION_MINUTES = 5;

/** POST /agreement (000 §3.2). */
export const agreementRequest = z.object({
  id: z.number().int().positive(),
  result: z.literal('accept').or(z.literal('decline')),
  captured: z.number().int().nonnegative(),
  geolocation: z
    .object({ longitude: z.number().min(-180).max(180).nullable(), latitude: z.number().min(-90).max(90).nullable() })
    .nullable()
    .optional(),
});
export type AgreementRequest = z.infer<typeof agreementRequest>;
