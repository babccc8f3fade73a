/** Sign-in, sign-out, captcha, activation, password reset and password checks (000 §7.1). Rate limits are declared per route. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANY_ROLE,
  CAPTCHA_AFTER_FAILURES,
  MSG,
  activationRequest,
  changePasswordRequest,
  checkActivationTokenQuery,
  checkActivationTokenResponse,
  loginRequest,
  loginResponse,
  recaptchaTokenResponse,
  resetPasswordRequest,
  successResponse,
  verifyPasswordRequest,
} from '@wayguard/contracts';
import { login } from './login-service.js';
import { activate, checkActivation, requestReset } from './token-service.js';
import { changeOwnPassword, signOut, verifyOwnPassword } from './password-service.js';
import { createSession, destroySession } from '../../domain/sessions/sessions.js';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../plugins/auth.js';
import { createCaptchaChallenge, verifyCaptcha } from '../../lib/captcha.js';
import { badRequest } from '../../lib/http-errors.js';
import { sha256 } from '../../lib/crypto.js';
import { actorOf } from '../../domain/access/actor.js';
import { recordPasswordVerified } from '../../domain/users/password-verification.js';
import { hit, peek } from '../../lib/rate-limit.js';

/** Activation links: checking and redeeming share one per-address window. */
const ACTIVATION_LIMIT = { key: 'activation', by: 'ip', perMinute: 20 } as const;

/** Reset requests are counted over the same 15 minutes as failed sign-ins (login-service.ts). */
const RESET_WINDOW_S = 15 * 60;

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeouts = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };
  const meta = (r: { ip: string; headers: Record<string, unknown> }) => ({
    ip: r.ip,
    userAgent: r.headers['user-agent'] as string | undefined,
  });

  app.post(
    '/login',
    {
      config: { public: true, rateLimit: { key: 'login', by: 'ip', perMinute: (c) => c.LOGIN_RATE_PER_MINUTE } },
      schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse } },
    },
    async (request, reply) => {
      const outcome = await login(app.db, app.config.SECRET_KEY, request.body, request.ip);
      if (!outcome.grant) return outcome.response;
      // A new session id at every sign-in; any session the browser held is ended.
      if (request.session) await destroySession(app.db, request.session.sessionIdHash);
      const { cookieValue, csrfToken } = await createSession(
        app.db,
        { id: outcome.grant.userId, accountId: outcome.grant.accountId },
        timeouts,
        meta(request),
      );
      setSessionCookie(request, reply, cookieValue);
      // Signing in with the password is a fresh password verification (e.g. for the Confirm User
      // Details modal right after sign-in).
      await recordPasswordVerified(app.db, sha256(cookieValue));
      return { ...outcome.response, csrf_token: csrfToken };
    },
  );

  app.post(
    '/logout',
    { config: { roles: ANY_ROLE }, schema: { tags: ['auth'], response: { 200: successResponse } } },
    async (request, reply) => {
      await signOut(app.db, actorOf(request));
      clearSessionCookie(request, reply);
      return { success: true };
    },
  );

  app.get(
    '/recaptcha_token',
    {
      config: { public: true, rateLimit: { key: 'captcha', by: 'ip', perMinute: 60 } },
      schema: { tags: ['auth'], response: { 200: recaptchaTokenResponse } },
    },
    async () => {
      return { success: true, token: await createCaptchaChallenge(app.config.SECRET_KEY) };
    },
  );

  app.get(
    '/check_activation_token',
    {
      config: { public: true, rateLimit: ACTIVATION_LIMIT },
      schema: {
        tags: ['auth'],
        querystring: checkActivationTokenQuery,
        response: { 200: checkActivationTokenResponse },
      },
    },
    async (request) => {
      return checkActivation(app.db, request.query.token);
    },
  );

  app.post(
    '/activation',
    {
      config: { public: true, rateLimit: ACTIVATION_LIMIT },
      schema: { tags: ['auth'], body: activationRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await activate(app.db, request.body, request.ip);
      return { success: true };
    },
  );

  app.post(
    '/reset_password',
    {
      config: { public: true, rateLimit: { key: 'reset', by: 'ip', perMinute: 10 } },
      schema: { tags: ['auth'], body: resetPasswordRequest, response: { 200: successResponse } },
    },
    async (request) => {
      // The captcha is optional (002 §2.12, §7): asked for, as at sign-in, once this address or this
      // username has made CAPTCHA_AFTER_FAILURES requests within the window. Every request counts (the
      // answer never tells a match from a miss); one refused for want of a captcha does not.
      const keys = [`resetreq:ip:${request.ip}`, `resetreq:u:${request.body.username.trim().toLowerCase()}`];
      const made = Math.max(...(await Promise.all(keys.map((k) => peek(app.db, k, RESET_WINDOW_S)))));
      if (
        made >= CAPTCHA_AFTER_FAILURES &&
        !(await verifyCaptcha(app.db, app.config.SECRET_KEY, request.body.recaptcha_response))
      )
        throw badRequest(MSG.captchaRequired);
      for (const k of keys) await hit(app.db, k, RESET_WINDOW_S);
      await requestReset(app.db, app.config.PUBLIC_URL, request.body, request.ip);
      return { success: true };
    },
  );

  app.post(
    '/verify_password',
    {
      config: {
        roles: ANY_ROLE,
        // Per address, then per user: a guessing run is slowed from either side.
        rateLimit: [
          { key: 'verify_password', by: 'ip', perMinute: 10 },
          { key: 'verify_password', perMinute: 5 },
        ],
      },
      schema: { tags: ['auth'], body: verifyPasswordRequest, response: { 200: successResponse } },
    },
    async (request) => verifyOwnPassword(app.db, actorOf(request), request.body.password),
  );

  app.post(
    '/change_password',
    {
      config: { roles: ANY_ROLE },
      schema: {
        tags: ['auth'],
        body: changePasswordRequest,
        response: { 200: successResponse.extend({ csrf_token: z.string().optional() }) },
      },
    },
    async (request, reply) => {
      const cookie = await changeOwnPassword(app.db, actorOf(request), request.body.password, {
        current: requireSession(request),
        timeouts,
        userAgent: request.headers['user-agent'],
      });
      setSessionCookie(request, reply, cookie);
      return { success: true };
    },
  );
};

export default authRoutes;
