/** Builds the Fastify app: plugins, then the console API, then the SPA. main.ts only starts it. */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { API_BASE, APP_VERSION, CONSOLE_NAME } from '@wayguard/contracts';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { MailSender } from './lib/mailer.js';
import errorsPlugin from './plugins/errors.js';
import authPlugin from './plugins/auth.js';
import authRoutes from './modules/auth/routes.js';
import registrationRoutes from './modules/registration/routes.js';
import profileRoutes from './modules/profile/routes.js';
import devOutboxRoutes from './modules/dev-outbox/routes.js';
import twoFactorRoutes from './modules/profile/two-factor-routes.js';
import usersRoutes from './modules/users/routes.js';
import serverUsersRoutes from './modules/server-users/routes.js';
import accountRoutes from './modules/account/routes.js';
import supportRoutes from './modules/support/routes.js';
import multipart from '@fastify/multipart';
import { BlobStore } from './lib/blobs.js';
import { rejectInvalidCharacters } from './plugins/input-guard.js';
import './types.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type BuildOptions = {
  /** Sees every route as it is added, with its schemas and config (the security suites read the route table so). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  const WEB_DIST = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const app = Fastify({
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Requests that arrive while closing get the drain hook's 503 below (with Retry-After), not Fastify's bare one.
    return503OnClosing: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logger: {
      level: config.LOG_LEVEL,
      redact: {
        paths: [
          'req.headers.cookie',
          'req.headers["x-csrf-token"]',
          'req.headers.authorization',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('mailer', new MailSender(db, config.SMTP_URL, config.MAIL_FROM, app.log));
  app.decorate('blobs', new BlobStore(config.BLOB_DIR));

  await app.register(helmet, {
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
    hsts: config.PUBLIC_URL.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // Graceful shutdown (main.ts): once draining, every new request answers 503 with Retry-After and its
  // connection closes; drain() resolves when the requests already in flight are done.
  const lifecycle = { draining: false, inFlight: 0, idle: [] as (() => void)[] };
  app.addHook('onRequest', async (request, reply) => {
    if (lifecycle.draining) {
      return reply
        .code(503)
        .header('retry-after', '5')
        .header('connection', 'close')
        .header('cache-control', 'no-store')
        .send({ success: false, error: 'Service temporarily unavailable' });
    }
    lifecycle.inFlight++;
    // 'close' fires once the answer is sent or the client went away, so an aborted request is not counted forever.
    reply.raw.once('close', () => {
      lifecycle.inFlight--;
      if (lifecycle.inFlight === 0) for (const resolve of lifecycle.idle.splice(0)) resolve();
    });
  });
  app.decorate('drain', async (maxWaitMs: number) => {
    lifecycle.draining = true;
    if (lifecycle.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, maxWaitMs);
      lifecycle.idle.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 20, fieldSize: 10_000 } });
  await app.register(errorsPlugin);
  await app.register(swagger, {
    openapi: { info: { title: `${CONSOLE_NAME} API`, version: APP_VERSION }, servers: [{ url: '/' }] },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The docs may not be framed either (swagger-ui's own policy allows 'self').
    transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  await app.register(authPlugin);

  // JSON routes accept JSON only (multipart routes register their own parser).
  app.addHook('onRequest', async (request, reply) => {
    // The matched route, not the raw URL: percent-encoded paths must not slip past the check.
    const route = request.routeOptions.url ?? request.url;
    if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(request.method) || !route.startsWith(API_BASE)) return;
    const type = String(request.headers['content-type'] ?? '');
    const hasBody =
      Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
    const multipart = request.routeOptions.config?.multipart === true;
    if (hasBody && !type.startsWith('application/json') && !(multipart && type.startsWith('multipart/form-data'))) {
      return reply.code(415).send({ success: false, error: 'Unsupported media type' });
    }
  });

  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await db.execute(sql`SELECT 1`);
      return { status: 'ok', version: APP_VERSION };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(
    async (api) => {
      api.addHook('preValidation', rejectInvalidCharacters);
      await api.register(authRoutes);
      await api.register(registrationRoutes);
      await api.register(profileRoutes);
      await api.register(twoFactorRoutes);
      await api.register(usersRoutes);
      await api.register(serverUsersRoutes);
      await api.register(accountRoutes);
      await api.register(supportRoutes);
    },
    { prefix: API_BASE },
  );
  if (config.DEMO_OUTBOX) await app.register(devOutboxRoutes);

  if (existsSync(WEB_DIST)) {
    // Files are listed once at start (a new build needs a restart); every other path falls to the SPA below.
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !existsSync(WEB_DIST)) {
      return reply.code(404).send({ success: false, error: 'Not found', error_message: 'Not found' });
    }
    // The SPA owns every other path (its router shows the 404 page).
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
}
