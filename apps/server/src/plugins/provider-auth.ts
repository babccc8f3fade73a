/**
 * Authentication of the provider's review team API (/api/provider/v1, issue 11; docs/decisions/review-team.md
 * "The provider's review team (issue 11)"), apart from the console's and the device API's: a route declares
 * `config.provider`, 'staff' or 'public', and the app refuses to start otherwise (or when it also declares console
 * roles, `public` or `agent`). A 'staff' route needs the `wg_provider` cookie of a live session of an active staff
 * member, and on POST the session's CSRF token as X-CSRF-Token; a public route (sign-in) needs the header present, as
 * the console's public routes do. The console's cookie plays no part here (plugins/auth.ts reads only its own, and only
 * under API_BASE), and this cookie none there: its path is /api/provider.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { CSRF_HEADER, PROVIDER_BASE, PROVIDER_MSG } from '@wayguard/contracts';
import { loadProviderSession, PROVIDER_COOKIE } from '../domain/sessions/provider-sessions.js';
import { safeEqual } from '../lib/crypto.js';
import { secureCookie } from '../lib/cookie-secure.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function cookieOptions(app: FastifyInstance, request: FastifyRequest) {
  return {
    path: '/api/provider',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookie(app.config.PUBLIC_URL, request),
  };
}

export function setProviderCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, value: string) {
  void reply.setCookie(PROVIDER_COOKIE, value, cookieOptions(app, request));
}

export function clearProviderCookie(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  void reply.clearCookie(PROVIDER_COOKIE, cookieOptions(app, request));
}

export default fp(async (app) => {
  app.decorateRequest('providerSession', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${PROVIDER_BASE}/`)) return;
    const declared = route.config?.provider;
    if (declared !== 'staff' && declared !== 'public')
      throw new Error(`${String(route.method)} ${route.url} declares no config.provider ('staff' or 'public')`);
    if (route.config?.roles || route.config?.public || route.config?.agent)
      throw new Error(`${route.url}: console or device declarations on a provider route`);
  });
  // Every answer of the provider API is never stored, those of the app-wide guards (415, 429) included:
  // this hook runs before theirs (registered first), the session check later in the API's own scope.
  app.addHook('onRequest', async (request, reply) => {
    const path = request.routeOptions.url ?? request.url;
    if (path.startsWith(`${PROVIDER_BASE}/`)) void reply.header('cache-control', 'no-store');
  });
});

/** The per-request check, added as an onRequest hook of the provider API's own scope (app.ts). */
export function requireStaff(app: FastifyInstance): onRequestAsyncHookHandler {
  const timeouts = { idleMinutes: app.config.SESSION_IDLE_MINUTES, absoluteHours: app.config.SESSION_ABSOLUTE_HOURS };
  return async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const declared = request.routeOptions.config?.provider;
    const cookie = request.cookies[PROVIDER_COOKIE];
    request.providerSession = cookie ? await loadProviderSession(app.db, cookie, timeouts) : null;
    if (declared !== 'public' && !request.providerSession)
      return reply
        .code(401)
        .send({ success: false, error: PROVIDER_MSG.unauthorized, error_message: PROVIDER_MSG.unauthorized });
    if (MUTATING.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const value = typeof header === 'string' ? header : '';
      const ok =
        declared !== 'public' && request.providerSession
          ? value !== '' && safeEqual(value, request.providerSession.csrfToken)
          : value !== '';
      if (!ok)
        return reply
          .code(403)
          .send({ success: false, error: PROVIDER_MSG.csrfMissing, error_message: PROVIDER_MSG.csrfMissing });
    }
  };
}

/** The staff session of a 'staff' route (the hook above has made sure there is one). */
export function staffOf(request: FastifyRequest) {
  if (!request.providerSession) throw new Error('staffOf on a route without a provider session');
  return request.providerSession;
}
