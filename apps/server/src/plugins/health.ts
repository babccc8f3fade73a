/**
 * GET /api/health for load balancers: one database round trip; 503 when the database is away. With SMTP
 * set, `mail` says whether this process's last send failed and how many mails it gave up on
 * (lib/mailer.ts): a monitor's alert, not a reason to take the process out of service.
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { APP_VERSION } from '@wayguard/contracts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`SELECT 1`);
      const mail = app.mailer.health;
      return { status: 'ok', version: APP_VERSION, ...(mail ? { mail } : {}) };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default health;
