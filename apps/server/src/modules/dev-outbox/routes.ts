/**
 * Demo mode only (DEMO_OUTBOX): lets a person, and the e2e tests, read mail that was not sent by SMTP.
 * Registered outside the console API and never in production.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { newestMail } from './repository.js';

const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dev/outbox',
    { schema: { hide: true, querystring: z.object({ to: z.string().max(320).optional() }) } },
    async (request) => {
      const rows = await newestMail(app.db, request.query.to);
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
