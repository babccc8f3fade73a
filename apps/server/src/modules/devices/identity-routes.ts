/**
 * Device identity routes (issue 25; ./identity.ts): reading a pending replacement is open to every role,
 * deciding it, retiring a device and linking a mobile to a console user are the Console Admin's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  CONSOLE_ADMIN,
  decideReplacementRequest,
  deviceQuery,
  deviceReplacementResponse,
  linkMobileUserRequest,
  retireDeviceRequest,
  successResponse,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { decideReplacement, deviceReplacement, linkMobileUser, retireOne } from './identity.js';

const deviceIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['devices'];
  const change = { roles: CONSOLE_ADMIN };

  app.get(
    '/devices/replacement',
    {
      config: { roles: ANY_ROLE },
      schema: { tags, querystring: deviceQuery, response: { 200: deviceReplacementResponse } },
    },
    async (request) => deviceReplacement(app.db, actorOf(request), request.query),
  );

  app.post(
    '/devices/replacement',
    { config: change, schema: { tags, body: decideReplacementRequest, response: { 200: successResponse } } },
    async (request) => {
      await decideReplacement(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/devices/retire',
    { config: change, schema: { tags, body: retireDeviceRequest, response: { 200: successResponse } } },
    async (request) => {
      await retireOne(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/devices/mobile_user',
    { config: change, schema: { tags, body: linkMobileUserRequest, response: { 200: successResponse } } },
    async (request) => {
      await linkMobileUser(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );
};

export default deviceIdentityRoutes;
