/** Contact details and feedback (002 §2.13-2.14, §7). Contact is public; feedback needs a session. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_ROLE, MSG, contactResponse, feedbackResponse } from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { checkFeedbackRate, contactDetails, createFeedback } from './service.js';
import { receiveFeedbackUpload } from './feedback-upload.js';

const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['support'];

  app.get('/contact', { config: { public: true }, schema: { tags, response: { 200: contactResponse } } }, async () =>
    contactDetails(app.config),
  );

  app.post(
    '/feedback/create',
    {
      config: { roles: ANY_ROLE, multipart: true },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: feedbackResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      await checkFeedbackRate(app.db, actor.userId);
      const upload = await receiveFeedbackUpload(request, app.blobs);
      await createFeedback({ db: app.db, blobs: app.blobs, supportEmail: app.config.SUPPORT_EMAIL }, actor, upload);
      return { success: true, message: MSG.feedbackSent };
    },
  );
};

export default supportRoutes;
