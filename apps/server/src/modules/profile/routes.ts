/** The signed-in user's own details (000 §3.3, §7.2): read, and save (which also confirms them). Every role. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANY_ROLE, profileResponse, successResponse, userDetailsRequest } from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { readProfile, saveProfile } from './service.js';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['profile'];

  app.get(
    '/profile',
    { config: { roles: ANY_ROLE }, schema: { tags, response: { 200: profileResponse } } },
    async (request) => readProfile(app.db, actorOf(request)),
  );

  app.post(
    '/profile',
    { config: { roles: ANY_ROLE }, schema: { tags, body: userDetailsRequest, response: { 200: successResponse } } },
    async (request) => {
      await saveProfile(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );
};

export default profileRoutes;
