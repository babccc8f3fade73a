/**
 * The provider's review team API (/api/provider/v1, issue 11): POST /login (password, then code:
 * sign-in.ts), POST /logout, GET /session, GET /queue, GET /queue/details, POST /decide, GET /team and
 * POST /team/deactivate (team.ts, issue 25). Every route declares `config.provider` ('staff' or
 * 'public'); plugins/provider-auth.ts checks the `wg_provider` session and the CSRF token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROVIDER_MSG,
  PROVIDER_TEAM_MSG,
  providerDeactivateRequest,
  providerDeactivateResponse,
  providerDecideRequest,
  providerDecideResponse,
  providerDetailsQuery,
  providerDetailsResponse,
  providerLoginRequest,
  providerLoginResponse,
  providerQueueQuery,
  providerQueueResponse,
  providerSessionResponse,
  providerTeamResponse,
  successResponse,
} from '@wayguard/contracts';
import { clearProviderCookie, setProviderCookie, staffOf } from '../plugins/provider-auth.js';
import { decide, details, queue, staffOfSession } from './service.js';
import { endSession, signIn, startSession } from './sign-in.js';
import { deactivateMember, teamMembers } from './team.js';

const TAGS = ['provider'];

const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  const timeouts = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };

  app.post(
    '/login',
    {
      config: {
        provider: 'public',
        rateLimit: { key: 'provider_login', by: 'ip', perMinute: (c) => c.LOGIN_RATE_PER_MINUTE },
      },
      schema: { tags: TAGS, body: providerLoginRequest, response: { 200: providerLoginResponse } },
    },
    async (request, reply) => {
      const outcome = await signIn(app.db, app.config.SECRET_KEY, request.body, request.ip);
      if ('step' in outcome) return outcome.step;
      const { staff } = outcome;
      const held = request.providerSession?.idHash ?? null;
      const { cookieValue, csrfToken } = await startSession(app.db, staff.id, held, timeouts, request.ip);
      setProviderCookie(app, request, reply, cookieValue);
      return { success: true as const, staff, csrf_token: csrfToken };
    },
  );

  app.post(
    '/logout',
    { config: { provider: 'staff' }, schema: { tags: TAGS, response: { 200: successResponse } } },
    async (request, reply) => {
      await endSession(app.db, staffOf(request).idHash);
      clearProviderCookie(app, request, reply);
      return { success: true };
    },
  );

  app.get(
    '/session',
    { config: { provider: 'staff' }, schema: { tags: TAGS, response: { 200: providerSessionResponse } } },
    async (request) => {
      const s = staffOf(request);
      return { success: true as const, staff: staffOfSession(s), csrf_token: s.csrfToken };
    },
  );

  app.get(
    '/queue',
    {
      config: { provider: 'staff' },
      schema: { tags: TAGS, querystring: providerQueueQuery, response: { 200: providerQueueResponse } },
    },
    async (request) => queue(app.db, request.query),
  );

  app.get(
    '/queue/details',
    {
      config: { provider: 'staff' },
      schema: { tags: TAGS, querystring: providerDetailsQuery, response: { 200: providerDetailsResponse } },
    },
    async (request) => details(app.db, request.query),
  );

  app.post(
    '/decide',
    {
      config: { provider: 'staff' },
      schema: { tags: TAGS, body: providerDecideRequest, response: { 200: providerDecideResponse } },
    },
    async (request) => {
      const r = await decide(app.db, staffOf(request), request.body, request.ip);
      const message = r.state === 'approved' ? PROVIDER_MSG.approved(r.kind) : PROVIDER_MSG.denied(r.kind);
      return { success: true as const, id: request.body.id, kind: r.kind, state: r.state, message };
    },
  );

  app.get(
    '/team',
    { config: { provider: 'staff' }, schema: { tags: TAGS, response: { 200: providerTeamResponse } } },
    async () => teamMembers(app.db),
  );

  app.post(
    '/team/deactivate',
    {
      config: { provider: 'staff' },
      schema: { tags: TAGS, body: providerDeactivateRequest, response: { 200: providerDeactivateResponse } },
    },
    async (request) => {
      const name = await deactivateMember(app.db, staffOf(request), request.body.id, request.ip);
      return { success: true as const, id: request.body.id, message: PROVIDER_TEAM_MSG.deactivated(name) };
    },
  );
};

export default providerRoutes;
