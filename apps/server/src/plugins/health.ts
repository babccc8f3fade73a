/** GET /api/health for load balancers: one database round trip; 503 when the database is away. */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { APP_VERSION } from '@wayguard/contracts';

const health: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.db.execute(sql`SELECT 1`);
      return { status: 'ok', version: APP_VERSION };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
};

export default health;
