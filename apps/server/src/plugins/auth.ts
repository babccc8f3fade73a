/**
 * Session, CSRF and role guard for the console API. Every route is private unless its config says
 * `public: true`. Every POST/PUT/PATCH/DELETE needs the CSRF header: on private routes equal to the
 * session's token; on public routes present (a custom header cannot be sent cross-site without CORS),
 * so that a browser holding a live cookie but no token can still sign in again.
 * Every private route declares the roles that may call it (`config: { roles }`); the others get 403
 * before the body is read, and a private route without roles stops the app at start. The request's
 * actor (domain/access/actor.ts) is made here, once.
 * API answers are never cached (they carry personal data).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, CSRF_HEADER, MSG, ROLES, roleRefusal } from '@wayguard/contracts';
import { loadSession, SESSION_COOKIE, type Timeouts } from '../domain/sessions/sessions.js';
import { safeEqual } from '../lib/crypto.js';
import { toActor } from '../domain/access/actor.js';
import { secureCookie } from '../lib/cookie-secure.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function sessionCookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: secureCookie(request.server.config.PUBLIC_URL, request),
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
  app.decorateRequest('actor', null);

  // Each console API route states who may call it: public, or the roles of a private route.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) return;
    const name = `${String(route.method)} ${route.url}`;
    const roles = route.config?.roles;
    if (route.config?.public === true) {
      if (roles) throw new Error(`${name} is public and declares roles`);
      return;
    }
    if (!roles || roles.length === 0) throw new Error(`${name} is private and declares no roles (config.roles)`);
    const unknown = roles.filter((r) => !ROLES.includes(r));
    if (unknown.length > 0) throw new Error(`${name} declares unknown roles: ${unknown.join(', ')}`);
  });

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
    if (!request.session) return;
    request.actor = toActor(request.session, request.ip);
    const roles = request.routeOptions.config?.roles;
    if (roles && !roles.includes(request.actor.role)) {
      const message = roleRefusal(roles);
      return reply.code(403).send({ success: false, error: message, error_message: message });
    }
  });
});

/** The loaded session (for session rotation and sign-out); routes pass services the actor instead. */
export function requireSession(request: FastifyRequest) {
  if (!request.session) throw new Error('requireSession on a public route');
  return request.session;
}
