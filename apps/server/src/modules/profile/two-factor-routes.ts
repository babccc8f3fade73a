/** Two-factor set-up of one's own profile (000 §7.2, 002 §4.5). The work is in modules/users/mfa-service.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  twoFactorSetupRequest,
  twoFactorSetupResponse,
  twoFactorVerifyRequest,
  twoFactorVerifyResponse,
} from '@wayguard/contracts';
import { requireSession, setSessionCookie } from '../../plugins/auth.js';
import { setupTwoFactor, verifyTwoFactor } from '../users/mfa-service.js';

const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];
  const timeouts = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };

  app.post(
    '/profile/2fa/setup',
    // An empty body is a first set-up.
    { schema: { tags, body: twoFactorSetupRequest.nullish(), response: { 200: twoFactorSetupResponse } } },
    async (request) =>
      setupTwoFactor(app.db, requireSession(request), request.body?.refresh_2fa_code === true, request.ip),
  );

  app.post(
    '/profile/2fa/verify',
    { schema: { tags, body: twoFactorVerifyRequest, response: { 200: twoFactorVerifyResponse } } },
    async (request, reply) => {
      const s = requireSession(request);
      const meta = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const { response, cookie } = await verifyTwoFactor(app.db, s, request.body.pin, { timeouts, meta });
      if (cookie) setSessionCookie(request, reply, cookie);
      return response;
    },
  );
};

export default twoFactorRoutes;
