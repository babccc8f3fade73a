/** All configuration, read from the environment once and validated. Documented in the README. */
import { z } from 'zod';

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
  SEED_DEMO: bool.default(true),
  /** Lets a person (and the e2e tests) read the mail outbox at /api/dev/outbox. Never on in production. */
  DEMO_OUTBOX: bool.optional(),
  SECRET_KEY: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(12),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  BLOB_DIR: z.string().optional(),
  /** The built web app to serve (default apps/web/dist). */
  WEB_DIST: z.string().optional(),
});

export type Config = z.infer<typeof schema> & {
  DEMO_OUTBOX: boolean;
  SECRET_KEY: string;
  BLOB_DIR: string;
  PUBLIC_URL: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && !c.SECRET_KEY)
    throw new Error('Invalid configuration: SECRET_KEY is required in production');
  // The outbox shows activation links and one-time passwords to anyone: never in production.
  if (c.NODE_ENV === 'production' && c.DEMO_OUTBOX)
    throw new Error('Invalid configuration: DEMO_OUTBOX cannot be on in production');
  return {
    ...c,
    DEMO_OUTBOX: c.DEMO_OUTBOX ?? (c.SEED_DEMO && c.NODE_ENV !== 'production'),
    // Development only: a fixed key keeps captcha challenges valid across restarts.
    SECRET_KEY: c.SECRET_KEY ?? 'development-secret-key-change-me-0000000000',
    BLOB_DIR: c.BLOB_DIR ?? `${c.DATA_DIR}/blobs`,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
