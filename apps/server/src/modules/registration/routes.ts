/** Registration info, stats polling, the Terms of Use answer and the news tile (000 §3.1, §7.1). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { agreementRequest, newsResponse, registrationInfo, statsResponse, successResponse } from '@wayguard/contracts';
import { requireSession, clearSessionCookie } from '../../plugins/auth.js';
import { answerAgreement, registrationInfo as loadRegistrationInfo } from './service.js';
import { requestCounts } from './counts.js';
import { newsItems } from '../../db/schema/index.js';
import { destroySession } from '../../lib/sessions.js';
import { audit } from '../../lib/audit.js';

const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/registration_info',
    { schema: { tags: ['session'], response: { 200: registrationInfo } } },
    async (request) => loadRegistrationInfo(app.db, requireSession(request), app.config.CLASSIC_CONSOLE_URL),
  );

  app.get('/stats', { schema: { tags: ['session'], response: { 200: statsResponse } } }, async (request) =>
    requestCounts(app.db, requireSession(request).accountId),
  );

  app.post(
    '/agreement',
    { schema: { tags: ['session'], body: agreementRequest, response: { 200: successResponse } } },
    async (request, reply) => {
      const s = requireSession(request);
      const declined = await answerAgreement(app.db, s, request.body, request.ip);
      await audit(app.db, {
        action: declined ? 'agreement.declined' : 'agreement.accepted',
        accountId: s.accountId,
        actorUserId: s.userId,
        targetType: 'agreement',
        targetId: request.body.id,
        ip: request.ip,
      });
      if (declined) {
        await destroySession(app.db, s.sessionIdHash);
        clearSessionCookie(request, reply);
      }
      return { success: true };
    },
  );

  app.get('/news', { schema: { tags: ['dashboard'], response: { 200: newsResponse } } }, async (request) => {
    requireSession(request);
    const items = await app.db
      .select()
      .from(newsItems)
      .orderBy(desc(newsItems.publishedAt), desc(newsItems.id))
      .limit(3);
    return { items: items.map((n) => ({ id: n.id, title: n.title, body: n.body, link: n.link })) };
  });
};

export default registrationRoutes;
