/** Fastify decorations shared by every module, and what a route may declare in its config. */
import type { Role } from '@wayguard/contracts';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { MailSender } from './lib/mailer.js';
import type { BlobStore } from './lib/blobs.js';
import type { ForgetListener } from './lib/kept/broadcast.js';
import type { Actor } from './domain/access/actor.js';
import type { SubjectAction } from './domain/access/authorize.js';
import type { RateLimitRule } from './plugins/rate-limit.js';
import type { DeviceRateClass } from './lib/device-rate-limits.js';
import type { ProviderSession } from './domain/sessions/provider-sessions.js';
import type { AgentDevice } from './domain/devices/agent-device.js';
import type { SessionUser } from './domain/sessions/session-user.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: MailSender;
    blobs: BlobStore;
    /** This process's LISTEN connection for forgets between processes (lib/kept/broadcast.ts). */
    forgetListener: ForgetListener;
    /** Starts the graceful shutdown: new requests answer 503; resolves when in-flight ones are done (or after maxWaitMs). */
    drain: (maxWaitMs: number) => Promise<void>;
  }
  interface FastifyRequest {
    session: SessionUser | null;
    /** Who is acting: made by plugins/auth.ts from the session (null on public routes without one). */
    actor: Actor | null;
    /** The calling device on /api/agent/v1 routes that declare `agent: 'device'` (plugins/agent-auth.ts). */
    device: AgentDevice | null;
    /** The review team member's session on /api/provider/v1 routes that declare `provider: 'staff'` (plugins/provider-auth.ts). */
    providerSession: ProviderSession | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, activation, reset, captcha, contact). */
    public?: boolean;
    /**
     * Roles that may call this private console API route; others get 403 before the body is read
     * (plugins/auth.ts). Every private route must declare them: the app refuses to start otherwise.
     */
    roles?: readonly Role[];
    /** The subject-dependent rule (domain/access/authorize.ts) its service applies; read by the security suites. */
    subjectRule?: SubjectAction;
    /** Per-user or per-address rate limits, enforced by plugins/rate-limit.ts after validation. */
    rateLimit?: RateLimitRule | readonly RateLimitRule[];
    /** Accepts multipart/form-data bodies (uploads). */
    multipart?: boolean;
    /** Accepts an HTML form's application/x-www-form-urlencoded body (the block page's form). */
    form?: boolean;
    /**
     * Who may call a device-facing API route: 'device' (a device secret as a Bearer token) or 'public'
     * (enrolment, which carries its token in the body). Every /api/agent/v1 route declares it.
     */
    agent?: 'device' | 'public';
    /** A device route's narrower per-device rate limit class besides 'all' (lib/device-rate-limits.ts). */
    deviceLimit?: DeviceRateClass;
    /**
     * Who may call a provider API route (/api/provider/v1, issue 11): 'staff' (a review team member's
     * `wg_provider` session and its CSRF token) or 'public' (sign-in). Every provider route declares it.
     */
    provider?: 'staff' | 'public';
  }
}
