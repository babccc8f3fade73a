/**
 * Session and CSRF guard for the console API. Every route is private unless its config says
 * `public: true`. Every POST/PUT/PATCH/DELETE needs the CSRF header: on private routes equal to the
 * session's token; on public routes present (a custom header cannot be sent cross-site without CORS),
 * so that a browser holding a live cookie but no token can still sign in again.
 * API answers are never cached (they carry personal data).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, CSRF_HEADER, MSG } from '@wayguard/contracts';
import { loadSession, SESSION_COOKIE, type Timeouts } from '../lib/sessions.js';
import { safeEqual } from '../lib/crypto.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function sessionCookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
  };
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, value: string): void {
  void reply.setCookie(SESSION_COOKIE, value, sessionCookieOptions(request));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request));
}

export default fp(async (app) => {
  const timeouts: Timeouts = {
    idleMinutes: app.config.SESSION_IDLE_MINUTES,
    absoluteHours: app.config.SESSION_ABSOLUTE_HOURS,
  };
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request, reply) => {
    // The matched route decides, not the raw URL: a percent-encoded prefix (/api/mobile/%61dmin/...)
    // reaches the same routes. Unmatched paths fall back to the URL.
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith(API_BASE)) return;
    void reply.header('cache-control', 'no-store');
    const cookie = request.cookies[SESSION_COOKIE];
    request.session = cookie ? await loadSession(app.db, cookie, timeouts) : null;
    const isPublic = request.routeOptions.config?.public === true;
    if (!isPublic && !request.session) {
      return reply.code(401).send({ success: false, error: MSG.unauthorized, error_message: MSG.unauthorized });
    }
    if (MUTATING.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      const value = typeof header === 'string' ? header : '';
      const ok =
        !isPublic && request.session ? value !== '' && safeEqual(value, request.session.csrfToken) : value !== '';
      if (!ok) return reply.code(403).send({ success: false, error: MSG.csrfMissing, error_message: MSG.csrfMissing });
    }
  });
});

export function requireSession(request: FastifyRequest) {
  if (!request.session) throw new Error('requireSession on a public route');
  return request.session;
}
