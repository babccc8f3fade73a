/**
 * Security headers on every answer (helmet): a strict Content-Security-Policy, no framing, no sniffing,
 * a strict referrer policy, and HSTS when the console is served over https (PUBLIC_URL).
 *
 * The headers depend on the configuration only, so helmet runs once at start and every answer gets
 * the same set (the Fastify wrapper built helmet's middleware again on every request: a few percent
 * of the API's time, tools/bench/api.mjs).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { MSG } from '@wayguard/contracts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The headers every answer carries (set by this plugin at start). */
    securityHeaders: Record<string, string>;
  }
}

/**
 * Fastify's own refusals made before any hook runs (a path parameter that does not decode, one over
 * the length limit: Fastify's `frameworkErrors`), answered with the same headers as every answer and
 * the usual error shape instead of Fastify's bare one.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply
    .headers(request.server.securityHeaders ?? {})
    .header('cache-control', 'no-store')
    .code(status)
    .send({ success: false, error: MSG.lastActionFailed, error_message: MSG.lastActionFailed });
}

/** The headers helmet sets with these options, read off a stand-in response. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: number | string | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export default fp(
  async (app) => {
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine writes its CSS variables into a <style> element at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      hsts: app.config.PUBLIC_URL.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      frameguard: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
    });
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', async (_request, reply) => {
      reply.headers(headers);
    });
  },
  { name: 'security-headers' },
);
