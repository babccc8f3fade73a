/** All configuration, read from the environment once and validated. Documented in the README. */
import { z } from 'zod';
import { demoSecretKey } from './lib/demo-secret-key.js';
import { parseTrustProxy, type TrustProxy } from './lib/trust-proxy.js';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Wayguard Console <no-reply@wayguard.local>'),
  SUPPORT_EMAIL: z.string().default('support@wayguard.local'),
  /** Base of links in mails; defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  CLASSIC_CONSOLE_URL: z.string().url().default('https://classic.wayguard.example'),
  /** Demo data; default on only for the demo (embedded database, not production); refused in production. */
  SEED_DEMO: bool.optional(),
  /** Lets a person (and the e2e tests) read the mail outbox at /api/dev/outbox. Never on in production. */
  DEMO_OUTBOX: bool.optional(),
  /** Required except for the demo, which keeps a random one in DATA_DIR/secret-key. */
  SECRET_KEY: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  /** The proxies in front: a hop count or a comma-separated list of addresses/CIDRs (lib/trust-proxy.ts). */
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  BLOB_DIR: z.string().optional(),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
});

export type Config = Omit<z.infer<typeof schema>, 'TRUST_PROXY'> & {
  SEED_DEMO: boolean;
  DEMO_OUTBOX: boolean;
  SECRET_KEY: string;
  TRUST_PROXY: TrustProxy;
  BLOB_DIR: string;
  PUBLIC_URL: string;
};

function refuse(problem: string): never {
  throw new Error(`Invalid configuration: ${problem}`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    refuse(problems);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  // The demo: the embedded database on this machine, not production. Anything else is a real installation.
  const demo = !c.DATABASE_URL && !production;
  // Demo data has published passwords (provider staff included): never in production, even when asked.
  if (production && c.SEED_DEMO) refuse('SEED_DEMO cannot be on in production (its sign-ins are published)');
  // The outbox shows activation links and one-time passwords to anyone: never in production.
  if (production && c.DEMO_OUTBOX) refuse('DEMO_OUTBOX cannot be on in production');
  if (!c.SECRET_KEY && !demo)
    refuse(
      production
        ? 'SECRET_KEY is required in production'
        : 'SECRET_KEY is required with DATABASE_URL (only the demo on the embedded database makes its own)',
    );
  const seedDemo = c.SEED_DEMO ?? demo;
  let trustProxy: TrustProxy;
  try {
    trustProxy = parseTrustProxy(c.TRUST_PROXY);
  } catch (e) {
    refuse(`TRUST_PROXY: ${e instanceof Error ? e.message : String(e)}`);
  }
  return {
    ...c,
    SEED_DEMO: seedDemo,
    DEMO_OUTBOX: c.DEMO_OUTBOX ?? (seedDemo && demo),
    // The demo's key is random, made once per DATA_DIR (captcha challenges stay valid across restarts).
    SECRET_KEY: c.SECRET_KEY ?? demoSecretKey(c.DATA_DIR),
    TRUST_PROXY: trustProxy,
    BLOB_DIR: c.BLOB_DIR ?? `${c.DATA_DIR}/blobs`,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
