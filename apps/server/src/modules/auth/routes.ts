/** Sign-in, sign-out, captcha, activation, password reset and password checks (000 §7.1). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
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
import { createSession, destroySession, destroyUserSessions, rotateSession } from '../../lib/sessions.js';
import { clearSessionCookie, requireSession, setSessionCookie } from '../../plugins/auth.js';
import { createCaptchaChallenge, verifyCaptcha } from '../../lib/captcha.js';
import { limitByIp } from '../../lib/client-ip.js';
import { hit } from '../../lib/rate-limit.js';
import { tooManyRequests, badRequest } from '../../lib/http-errors.js';
import { hashPassword, sha256, verifyPassword } from '../../lib/crypto.js';
import { users } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import { recordPasswordVerified } from '../../lib/password-verification.js';

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeouts = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };
  const meta = (r: { ip: string; headers: Record<string, unknown> }) => ({
    ip: r.ip,
    userAgent: r.headers['user-agent'] as string | undefined,
  });

  app.post(
    '/login',
    { config: { public: true }, schema: { tags: ['auth'], body: loginRequest, response: { 200: loginResponse } } },
    async (request, reply) => {
      await limitByIp(app.db, request, 'login', app.config.LOGIN_RATE_PER_MINUTE);
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

  app.post('/logout', { schema: { tags: ['auth'], response: { 200: successResponse } } }, async (request, reply) => {
    const s = requireSession(request);
    await destroySession(app.db, s.sessionIdHash);
    clearSessionCookie(request, reply);
    await audit(app.db, { action: 'logout', accountId: s.accountId, actorUserId: s.userId, ip: request.ip });
    return { success: true };
  });

  app.get(
    '/recaptcha_token',
    { config: { public: true }, schema: { tags: ['auth'], response: { 200: recaptchaTokenResponse } } },
    async (request) => {
      await limitByIp(app.db, request, 'captcha', 60);
      return { success: true, token: await createCaptchaChallenge(app.config.SECRET_KEY) };
    },
  );

  app.get(
    '/check_activation_token',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        querystring: checkActivationTokenQuery,
        response: { 200: checkActivationTokenResponse },
      },
    },
    async (request) => {
      await limitByIp(app.db, request, 'activation', 20);
      return checkActivation(app.db, request.query.token);
    },
  );

  app.post(
    '/activation',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: activationRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await limitByIp(app.db, request, 'activation', 20);
      await activate(app.db, request.body, request.ip);
      return { success: true };
    },
  );

  app.post(
    '/reset_password',
    {
      config: { public: true },
      schema: { tags: ['auth'], body: resetPasswordRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await limitByIp(app.db, request, 'reset', 10);
      if (!(await verifyCaptcha(app.db, app.config.SECRET_KEY, request.body.recaptcha_response)))
        throw badRequest(MSG.captchaRequired);
      await requestReset(app.db, app.config.PUBLIC_URL, request.body, request.ip);
      return { success: true };
    },
  );

  app.post(
    '/verify_password',
    { schema: { tags: ['auth'], body: verifyPasswordRequest, response: { 200: successResponse } } },
    async (request) => {
      const s = requireSession(request);
      await limitByIp(app.db, request, 'verify_password', 10);
      const perUser = await hit(app.db, `rl:verify_password:u:${s.userId}`, 60);
      if (perUser.count > 5) throw tooManyRequests(perUser.retryAfterSeconds);
      const [u] = await app.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, s.userId));
      const ok = await verifyPassword(u?.hash ?? null, request.body.password);
      if (!ok) {
        await audit(app.db, {
          action: 'verify_password.failure',
          accountId: s.accountId,
          actorUserId: s.userId,
          ip: request.ip,
        });
        return { success: false, error: MSG.verifyPasswordFailed };
      }
      await recordPasswordVerified(app.db, s.sessionIdHash);
      return { success: true };
    },
  );

  app.post(
    '/change_password',
    {
      schema: {
        tags: ['auth'],
        body: changePasswordRequest,
        response: { 200: successResponse.extend({ csrf_token: z.string().optional() }) },
      },
    },
    async (request, reply) => {
      const s = requireSession(request);
      const passwordHash = await hashPassword(request.body.password);
      // One transaction: a crash must never leave a new password with the other sessions still alive.
      const cookie = await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, mustChangePassword: false, passwordChangedAt: new Date() })
          .where(eq(users.id, s.userId));
        await destroyUserSessions(tx, s.userId, s.sessionIdHash);
        const rotated = await rotateSession(tx, s, timeouts, meta(request));
        await audit(tx, {
          action: 'user.password_changed',
          accountId: s.accountId,
          actorUserId: s.userId,
          targetType: 'user',
          targetId: s.userId,
          ip: request.ip,
        });
        return rotated;
      });
      setSessionCookie(request, reply, cookie);
      return { success: true };
    },
  );
};

export default authRoutes;
