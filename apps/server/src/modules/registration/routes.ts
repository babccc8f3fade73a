/** Registration info, stats polling, the Terms of Use answer and the news tile (000 §3.1, §7.1). Every role. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  agreementRequest,
  newsResponse,
  registrationInfo,
  statsResponse,
  successResponse,
} from '@wayguard/contracts';
import { clearSessionCookie } from '../../plugins/auth.js';
import { actorOf } from '../../domain/access/actor.js';
import { answerAgreement, latestNews, registrationInfo as loadRegistrationInfo, stats } from './service.js';

const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { roles: ANY_ROLE };

  app.get(
    '/registration_info',
    { config, schema: { tags: ['session'], response: { 200: registrationInfo } } },
    async (request) => loadRegistrationInfo(app.db, actorOf(request), app.config.CLASSIC_CONSOLE_URL),
  );

  app.get('/stats', { config, schema: { tags: ['session'], response: { 200: statsResponse } } }, async (request) =>
    stats(app.db, actorOf(request)),
  );

  app.post(
    '/agreement',
    { config, schema: { tags: ['session'], body: agreementRequest, response: { 200: successResponse } } },
    async (request, reply) => {
      // Declining ends the session (000 §4.2): the service deletes it, the route clears the cookie.
      const declined = await answerAgreement(app.db, actorOf(request), request.body);
      if (declined) clearSessionCookie(request, reply);
      return { success: true };
    },
  );

  app.get('/news', { config, schema: { tags: ['dashboard'], response: { 200: newsResponse } } }, async () => ({
    items: await latestNews(app.db),
  }));
};

export default registrationRoutes;
