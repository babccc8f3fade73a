/**
 * The sign-in flow of 000 §4.1 as one call that carries every step: password, forced password change,
 * TOTP (set-up or code), captcha. Nothing is granted until every step passes; only then is a session made.
 */
import {
  CAPTCHA_AFTER_FAILURES,
  MSG,
  newPasswordField,
  type LoginRequest,
  type LoginResponse,
} from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { hashPassword, sha256, verifyPassword } from '../../lib/crypto.js';
import { checkTotp, newTotpSecret, totpQrCode } from '../../lib/totp.js';
import { createCaptchaChallenge, verifyCaptcha } from '../../lib/captcha.js';
import { clear, hit, peek } from '../../lib/rate-limit.js';
import { audit } from '../../domain/access/audit.js';
import { destroyUserSessions } from '../../domain/sessions/sessions.js';
import {
  consumeTotpCounter,
  liveResetCredential,
  recordFailedSignIn,
  recordSignIn,
  setNewPassword,
  setPendingTotpSecret,
  useToken,
  userByUsername,
} from './sql/sign-in.js';

const FAILURE_WINDOW_S = 15 * 60;
const LOCK_AFTER_FAILURES = 10;
const LOCK_MINUTES = 15;

export type LoginOutcome = { response: LoginResponse; grant?: { userId: number; accountId: number } };

const base: LoginResponse = {
  success: false,
  error_message: null,
  recaptcha_access_token: null,
  must_change_password: false,
  mfa_required: false,
  mfa_qr_code: null,
  mfa_setup_key: null,
  csrf_token: null,
};

export async function login(db: Db, secretKey: string, req: LoginRequest, ip: string): Promise<LoginOutcome> {
  const username = req.username.trim().toLowerCase();
  const userKey = `loginfail:u:${username}`;
  const ipKey = `loginfail:ip:${ip}`;

  const failures = Math.max(await peek(db, userKey, FAILURE_WINDOW_S), await peek(db, ipKey, FAILURE_WINDOW_S));
  if (failures >= CAPTCHA_AFTER_FAILURES && !(await verifyCaptcha(db, secretKey, req.recaptcha_response))) {
    return {
      response: {
        ...base,
        error_message: MSG.captchaRequired,
        recaptcha_access_token: await createCaptchaChallenge(secretKey),
      },
    };
  }

  const user = await userByUsername(db, username);

  const fail = async (
    message: string,
    action = 'login.failure',
    extra: Partial<LoginResponse> = {},
  ): Promise<LoginOutcome> => {
    const u = await hit(db, userKey, FAILURE_WINDOW_S);
    const i = await hit(db, ipKey, FAILURE_WINDOW_S);
    if (user) {
      const count = user.failedLoginCount + 1;
      const lockedUntil =
        count >= LOCK_AFTER_FAILURES ? new Date(Date.now() + LOCK_MINUTES * 60_000) : user.lockedUntil;
      await recordFailedSignIn(db, user.id, count, lockedUntil);
    }
    await audit(db, {
      action,
      accountId: user?.accountId ?? null,
      actorUserId: user?.id ?? null,
      targetType: 'user',
      targetId: user?.id ?? username,
      ip,
    });
    const needCaptcha = Math.max(u.count, i.count) >= CAPTCHA_AFTER_FAILURES;
    return {
      response: {
        ...base,
        ...extra,
        error_message: message,
        recaptcha_access_token: needCaptcha ? await createCaptchaChallenge(secretKey) : null,
      },
    };
  };

  if (user?.lockedUntil && user.lockedUntil.getTime() > Date.now()) return fail(MSG.accountLocked);

  // The password may be the user's own or a live reset credential (single use, newest only).
  let viaReset: { id: number } | null = null;
  let passwordOk = await verifyPassword(user?.passwordHash ?? null, req.password);
  if (user && !passwordOk) {
    const t = await liveResetCredential(db, user.id);
    if (t && t.tokenHash === sha256(req.password)) {
      viaReset = { id: t.id };
      passwordOk = true;
    }
  }
  if (!user || !passwordOk || user.status === 'awaiting_activation') return fail(MSG.badCredentials);
  if (user.status === 'deactivated')
    return fail('This user account has been deactivated. Please contact your administrator.');

  // Step: two-factor (set-up when enabled without a confirmed secret). It comes before the forced
  // password change, so that a mailed one-time password alone cannot replace an MFA user's password.
  // The code is only checked here; it is consumed with the rest of the sign-in below, so the client
  // re-sends it with the password-change step.
  let mfa: { secret: string; setup: boolean; counter: number } | null = null;
  if (user.mfaEnabled) {
    const setup = !user.mfaSecret;
    let pending = user.mfaPendingSecret;
    if (setup && (!pending || req.refresh_qr_code)) {
      pending = newTotpSecret();
      await setPendingTotpSecret(db, user.id, pending);
    }
    const secret = setup ? pending! : user.mfaSecret!;
    const setupFields = setup ? { mfa_qr_code: await totpQrCode(secret, user.username), mfa_setup_key: secret } : {};
    const step = { mfa_required: true, must_change_password: false, ...setupFields };
    if (!req.mfa_pin || req.refresh_qr_code) {
      return { response: { ...base, ...step } };
    }
    const counter = /^[0-9]{6}$/.test(req.mfa_pin) ? checkTotp(secret, req.mfa_pin) : null;
    if (counter === null || (user.mfaLastCounter !== null && counter <= user.mfaLastCounter)) {
      return fail(MSG.mfaCodeWrong, 'login.mfa_failure', step);
    }
    mfa = { secret, setup, counter };
  }

  // Step: forced password change (expired password, admin reset, or reset credential).
  const mustChange = viaReset !== null || user.mustChangePassword || user.status === 'password_reset';
  let newHash: string | null = null;
  if (mustChange) {
    const step = { ...base, must_change_password: true };
    if (!req.new_password) return { response: step };
    const parsed = newPasswordField.safeParse(req.new_password);
    if (!parsed.success)
      return { response: { ...step, error_message: parsed.error.issues[0]?.message ?? MSG.passwordInvalid } };
    if (!req.password_confirm) return { response: { ...step, error_message: MSG.passwordConfirmRequired } };
    if (req.password_confirm !== req.new_password)
      return { response: { ...step, error_message: MSG.passwordsMustMatch } };
    if (req.new_password === req.password) return { response: { ...step, error_message: MSG.passwordReused } };
    newHash = await hashPassword(req.new_password);
  }

  // Everything checked: consume the one-time credentials and apply the change in one transaction.
  // Each consumption is conditional, so of two parallel sign-ins with the same code or reset
  // credential exactly one wins.
  const completed = await db.transaction(async (tx) => {
    if (mfa && !(await consumeTotpCounter(tx, user.id, mfa))) return false;
    if (viaReset && !(await useToken(tx, viaReset.id))) return false;
    if (newHash) {
      await setNewPassword(tx, user.id, newHash, user.status === 'password_reset' ? 'activated' : user.status);
      // A new password ends every session made with the old one (someone else may hold one).
      await destroyUserSessions(tx, user.id);
    }
    return true;
  });
  if (!completed) return fail(mfa ? MSG.mfaCodeWrong : MSG.badCredentials, mfa ? 'login.mfa_failure' : 'login.failure');
  if (newHash)
    await audit(db, {
      action: 'user.password_changed',
      accountId: user.accountId,
      actorUserId: user.id,
      targetType: 'user',
      targetId: user.id,
      ip,
    });

  await clear(db, userKey);
  await recordSignIn(db, user.id);
  await audit(db, {
    action: 'login.success',
    accountId: user.accountId,
    actorUserId: user.id,
    targetType: 'user',
    targetId: user.id,
    ip,
  });
  return { response: { ...base, success: true }, grant: { userId: user.id, accountId: user.accountId } };
}
