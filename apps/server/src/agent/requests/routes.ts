/** POST /api/agent/v1/requests (docs/design/agent-api.md; issue 11): a monitored user's website or media request. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentRequestBody, agentRequestResponse } from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { receiveRequest } from './service.js';

const requestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/requests',
    {
      config: { agent: 'device', deviceLimit: 'asks' },
      schema: { tags: ['agent'], body: agentRequestBody, response: { 200: agentRequestResponse } },
    },
    async (request) => receiveRequest(app.db, deviceOf(request), request.body),
  );
};

export default requestRoutes;
