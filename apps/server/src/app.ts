/**
 * Builds the Fastify app: each concern is a plugin file (plugins/), the console API is the module list
 * (modules/index.ts) under API_BASE, then the SPA. main.ts only starts it.
 */
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { AGENT_BASE, API_BASE, PROVIDER_BASE } from '@wayguard/contracts';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { pino, type DestinationStream } from 'pino';
import { MailSender } from './lib/mailer.js';
import { OneLinePerRequest } from './lib/request-log.js';
import { fastifyTrustProxy } from './lib/trust-proxy.js';
import { BlobStore } from './lib/blobs.js';
import securityHeaders, { answerFrameworkError } from './plugins/security-headers.js';
import lifecycle from './plugins/lifecycle.js';
import errorsPlugin from './plugins/errors.js';
import docs from './plugins/docs.js';
import authPlugin from './plugins/auth.js';
import agentAuth, { requireDevice } from './plugins/agent-auth.js';
import agentIdempotency from './plugins/agent-idempotency.js';
import providerAuth, { requireStaff } from './plugins/provider-auth.js';
import rateLimit from './plugins/rate-limit.js';
import contentTypeGuard from './plugins/content-type-guard.js';
import health from './plugins/health.js';
import forgetListener from './plugins/forget-listener.js';
import staticFiles from './plugins/static-files.js';
import { rejectInvalidCharacters } from './plugins/input-guard.js';
import { API_MODULES, type ApiModule } from './modules/index.js';
import devOutboxRoutes from './modules/dev-outbox/routes.js';
import { AGENT_MODULES } from './agent/index.js';
import { PROVIDER_MODULES } from './provider/index.js';
import { limitDevices } from './plugins/device-rate-limit.js';
import type { DeviceRateLimiter } from './lib/device-rate-limits.js';
import './types.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export type BuildOptions = {
  /** Sees every route as it is added, with its schemas and config (the security suites read the route table so). */
  onRoute?: (route: RouteOptions) => void;
  /** The console API's modules (default modules/index.ts API_MODULES); tests add one to prove the start-up checks. */
  modules?: readonly ApiModule[];
  /** Where log lines go instead of stdout (tests read what the server writes). */
  logStream?: DestinationStream;
  /** The device API's per-device rate limiter (default: lib/device-rate-limits.ts DEVICE_RATE_LIMITS). */
  deviceRateLimiter?: DeviceRateLimiter;
  /** The check-in queue's bound (default agent/checkin/batch.ts CHECKIN_QUEUE_MAX). */
  checkinQueueMax?: number;
};

export async function buildApp(config: Config, db: Db, options: BuildOptions = {}): Promise<FastifyInstance> {
  const WEB_DIST = config.WEB_DIST ? path.resolve(config.WEB_DIST) : DEFAULT_WEB_DIST;
  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
    // Requests that arrive while closing get the drain hook's 503 below (with Retry-After), not Fastify's bare one.
    return503OnClosing: false,
    // A path the router cannot decode is refused before any hook: with the security headers still.
    frameworkErrors: answerFrameworkError,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[A-Za-z0-9-]{8,64}$/.test(given) ? given : randomUUID();
    },
    logController: new OneLinePerRequest(),
    logger: {
      level: config.LOG_LEVEL,
      // Written asynchronously: lines that pile up during a write go out together in the next one,
      // instead of one blocking write per line. pino flushes what is left when the process exits.
      ...(options.logStream
        ? { stream: options.logStream }
        : config.LOG_LEVEL === 'silent'
          ? {}
          : { stream: pino.destination({ dest: 1, sync: false }) }),
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

  await app.register(securityHeaders);
  await app.register(lifecycle);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 20, fieldSize: 10_000 } });
  await app.register(errorsPlugin);
  await app.register(docs);
  await app.register(authPlugin);
  await app.register(agentAuth);
  await app.register(providerAuth);
  await app.register(rateLimit);
  await app.register(contentTypeGuard);
  await app.register(health);
  await app.register(forgetListener);

  await app.register(
    async (api) => {
      api.addHook('preValidation', rejectInvalidCharacters);
      for (const module of options.modules ?? API_MODULES) await api.register(module);
    },
    { prefix: API_BASE },
  );
  // The device-facing API (docs/design/agent-api.md): its own authentication, and server_time in every answer.
  await app.register(
    async (agent) => {
      agent.addHook('onRequest', requireDevice(agent));
      agent.addHook('onRequest', limitDevices(options.deviceRateLimiter));
      agent.addHook('preValidation', rejectInvalidCharacters);
      await agent.register(agentIdempotency);
      agent.addHook('preSerialization', async (_request, _reply, payload) =>
        payload && typeof payload === 'object' && !Array.isArray(payload)
          ? { ...payload, server_time: Math.floor(Date.now() / 1000) }
          : payload,
      );
      for (const module of AGENT_MODULES) await agent.register(module, { checkinQueueMax: options.checkinQueueMax });
    },
    { prefix: AGENT_BASE },
  );
  // The provider's review team (issue 11): its own sign-in, cookie and CSRF token.
  await app.register(
    async (provider) => {
      provider.addHook('onRequest', requireStaff(provider));
      provider.addHook('preValidation', rejectInvalidCharacters);
      for (const module of PROVIDER_MODULES) await provider.register(module);
    },
    { prefix: PROVIDER_BASE },
  );
  if (config.DEMO_OUTBOX) await app.register(devOutboxRoutes);

  await app.register(staticFiles, { root: WEB_DIST });

  return app;
}
