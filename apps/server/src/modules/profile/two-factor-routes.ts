/** Two-factor set-up of one's own profile (000 §7.2, 002 §4.5), Console Admins only. The work is in two-factor-service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSOLE_ADMIN,
  twoFactorSetupRequest,
  twoFactorSetupResponse,
  twoFactorVerifyRequest,
  twoFactorVerifyResponse,
} from '@wayguard/contracts';
import { requireSession, setSessionCookie } from '../../plugins/auth.js';
import { actorOf } from '../../domain/access/actor.js';
import { setupTwoFactor, verifyTwoFactor } from './two-factor-service.js';

/** Codes tried per user per minute. */
const VERIFY_PER_MINUTE = 5;

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const timeouts = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };

  app.post(
    '/profile/2fa/setup',
    {
      config: { roles: CONSOLE_ADMIN },
      // An empty body is a first set-up.
      schema: { tags, body: twoFactorSetupRequest.nullish(), response: { 200: twoFactorSetupResponse } },
    },
    async (request) => setupTwoFactor(app.db, actorOf(request), request.body?.refresh_2fa_code === true),
  );

  app.post(
    '/profile/2fa/verify',
    {
      config: { roles: CONSOLE_ADMIN, rateLimit: { key: '2fa_verify', perMinute: VERIFY_PER_MINUTE } },
      schema: { tags, body: twoFactorVerifyRequest, response: { 200: twoFactorVerifyResponse } },
    },
    async (request, reply) => {
      const { response, cookie } = await verifyTwoFactor(app.db, actorOf(request), request.body.pin, {
        current: requireSession(request),
        timeouts,
        userAgent: request.headers['user-agent'],
      });
      if (cookie) setSessionCookie(request, reply, cookie);
      return response;
    },
  );
};

export default twoFactorRoutes;
