/** Server and local users: details, delete/undelete, options (000 §3.5; 002 §2.8, §2.10). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  CONSOLE_ADMIN,
  idQuery,
  serverUserActionRequest,
  serverUserDetails,
  serverUserOptionsRequest,
  successResponse,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { serverUserAction, serverUserDetails as loadDetails, setServerUserOptions } from './service.js';

const serverUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['server users'];

  app.get(
    '/server_users/details',
    { config: { roles: ANY_ROLE }, schema: { tags, querystring: idQuery, response: { 200: serverUserDetails } } },
    async (request) => loadDetails(app.db, actorOf(request), request.query.id),
  );

  app.post(
    '/server_users/server_user',
    {
      config: { roles: CONSOLE_ADMIN },
      schema: { tags, body: serverUserActionRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await serverUserAction(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/server_users/options',
    {
      config: { roles: CONSOLE_ADMIN },
      schema: { tags, body: serverUserOptionsRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await setServerUserOptions(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );
};

export default serverUsersRoutes;
