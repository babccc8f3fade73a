/** Fastify decorations shared by every module. */
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { MailSender } from './lib/mailer.js';
import type { BlobStore } from './lib/blobs.js';

export type SessionUser = {
  sessionIdHash: string;
  csrfToken: string;
  userId: number;
  accountId: number;
  username: string;
  type: 'console_admin' | 'requests_admin' | 'console_user';
};

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: MailSender;
    blobs: BlobStore;
    /** Starts the graceful shutdown: new requests answer 503; resolves when in-flight ones are done (or after maxWaitMs). */
    drain: (maxWaitMs: number) => Promise<void>;
  }
  interface FastifyRequest {
    session: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (sign-in, activation, reset, captcha, contact). */
    public?: boolean;
    /** Accepts multipart/form-data bodies (uploads). */
    multipart?: boolean;
  }
}
