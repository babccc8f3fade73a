/**
 * A review team member's sign-in (issue 11; issue 25, docs/decisions/review-team.md
 * "The review team's sign-in: two-factor, captcha and back-off (issue 25)"): the password, then a TOTP code
 * (lib/totp.ts, as console users'), each code accepted once. A member without a TOTP secret cannot complete a sign-in.
 *
 * No hard lock (anyone could lock a member out with it). Instead:
 * - a captcha (lib/captcha.ts) is asked for once the username, or the address, has CAPTCHA_AFTER_FAILURES
 *   failures within 15 minutes, as the console's sign-in does;
 * - a back-off per (username, address) pair (lib/backoff.ts) answers 429 with Retry-After, checked before
 *   anything else, so a stranger's failures at one address never slow the member at another.
 * Every failure (unknown username, wrong password, deactivated, wrong code) answers one text per step
 * after the same hashing work, and counts against the username, the address and the pair.
 */
import {
  CAPTCHA_AFTER_FAILURES,
  PROVIDER_MSG,
  type ProviderLoginStep,
  type ProviderStaff,
  type providerLoginRequest,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { audit } from '../domain/access/audit.js';
import { backoffFailure, backoffWait, type Backoff } from '../lib/backoff.js';
import { createCaptchaChallenge, verifyCaptcha } from '../lib/captcha.js';
import { verifyPassword } from '../lib/crypto.js';
import { HttpError } from '../lib/http-errors.js';
import { createProviderSession, destroyProviderSession } from '../domain/sessions/provider-sessions.js';
import { clear, hit, peek } from '../lib/rate-limit.js';
import { checkTotp } from '../lib/totp.js';
import { consumeTotpStep, staffByUsername } from './repository.js';

/** Failures counted for the captcha, per username and per address (as the console's sign-in). */
const FAILURE_WINDOW_S = 15 * 60;
/** Per (username, address): 3 failures free, then 1 s, 2 s, 4 s … up to 15 minutes; forgotten after 15 quiet minutes. */
export const SIGN_IN_BACKOFF: Backoff = { free: 3, maxSeconds: 15 * 60, forgetAfterSeconds: 15 * 60 };

export type SignInOutcome = { staff: ProviderStaff } | { step: ProviderLoginStep };

export const signInKeys = (username: string, ip: string) => ({
  user: `providerfail:u:${username}`,
  ip: `providerfail:ip:${ip}`,
  pair: `providerbackoff:${ip}|${username}`,
});

export async function signIn(
  db: Db,
  secretKey: string,
  b: z.output<typeof providerLoginRequest>,
  ip: string,
  now = Date.now(),
): Promise<SignInOutcome> {
  const username = b.username.toLowerCase();
  const keys = signInKeys(username, ip);
  const wait = await backoffWait(db, keys.pair, SIGN_IN_BACKOFF, now);
  if (wait > 0) throw new HttpError(429, PROVIDER_MSG.tooManyAttempts, { retryAfter: wait });

  const captchaDue = async () =>
    Math.max(await peek(db, keys.user, FAILURE_WINDOW_S), await peek(db, keys.ip, FAILURE_WINDOW_S)) >=
    CAPTCHA_AFTER_FAILURES;
  const challenge = async () => ({ captcha_challenge: await createCaptchaChallenge(secretKey) });
  if ((await captchaDue()) && !(await verifyCaptcha(db, secretKey, b.captcha)))
    throw new HttpError(400, PROVIDER_MSG.captchaRequired, await challenge());

  const staff = await staffByUsername(db, username);
  const passwordOk = await verifyPassword(staff?.password_hash ?? null, b.password);
  const fail = async (message: string, details: Record<string, unknown>): Promise<never> => {
    await hit(db, keys.user, FAILURE_WINDOW_S);
    await hit(db, keys.ip, FAILURE_WINDOW_S);
    await backoffFailure(db, keys.pair, SIGN_IN_BACKOFF, now);
    await audit(db, {
      action: 'provider.login_failure',
      targetType: 'provider_staff',
      targetId: staff?.id ?? username,
      ip,
      details,
    });
    throw new HttpError(401, message, (await captchaDue()) ? await challenge() : {});
  };
  if (!staff || !passwordOk || staff.status !== 'active')
    return fail(PROVIDER_MSG.badCredentials, staff && passwordOk ? { deactivated: true } : {});
  if (!staff.totp_secret) {
    // The password was right: not counted as a failure, but no sign-in completes without the second factor.
    await audit(db, {
      action: 'provider.login_failure',
      targetType: 'provider_staff',
      targetId: staff.id,
      ip,
      details: { no_totp: true },
    });
    throw new HttpError(401, PROVIDER_MSG.totpNotSet);
  }
  if (!b.code)
    return {
      step: {
        success: false,
        mfa_required: true,
        captcha_challenge: (await captchaDue()) ? (await challenge()).captcha_challenge : null,
      },
    };
  const step = checkTotp(staff.totp_secret, b.code, now);
  if (step === null || !(await consumeTotpStep(db, staff.id, step)))
    return fail(PROVIDER_MSG.codeWrong, { code: true });

  await clear(db, keys.user);
  await clear(db, keys.pair);
  await audit(db, { action: 'provider.login', targetType: 'provider_staff', targetId: staff.id, ip });
  return { staff: { id: staff.id, username: staff.username, full_name: staff.full_name } };
}

/**
 * The signed-in member's new session: a new id at every sign-in, so the session the browser held
 * (`heldIdHash`) ends. Answers the cookie's value and the CSRF token.
 */
export async function startSession(
  db: Db,
  staffId: number,
  heldIdHash: string | null,
  timeouts: Parameters<typeof createProviderSession>[2],
  ip: string,
): Promise<{ cookieValue: string; csrfToken: string }> {
  if (heldIdHash !== null) await destroyProviderSession(db, heldIdHash);
  return createProviderSession(db, staffId, timeouts, ip);
}

/** Signs the member out: the session ends at once. */
export const endSession = (db: Db, idHash: string): Promise<void> => destroyProviderSession(db, idHash);
