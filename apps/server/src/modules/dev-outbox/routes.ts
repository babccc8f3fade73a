/**
 * Demo mode only (DEMO_OUTBOX): lets a person, and the e2e tests, read mail that was not sent by SMTP.
 * Registered outside the console API and never in production.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { outbox } from '../../db/schema/index.js';

const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().max(320).optional() }) } },
    async (request) => {
      const rows = await app.db
        .select()
        .from(outbox)
        .where(request.query.to ? eq(outbox.to, request.query.to) : undefined)
        .orderBy(desc(outbox.id))
        .limit(100);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          created_at: m.createdAt.toISOString(),
          sent: m.sentAt !== null,
        })),
      };
    },
  );
};

export default devOutboxRoutes;
