/** POST /api/agent/v1/events (docs/design/agent-api.md): alerts raised and cleared, in batches. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentEventsRequest, agentEventsResponse } from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { receiveEvents } from './service.js';

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/events',
    {
      config: { agent: 'device', deviceLimit: 'events' },
      schema: { tags: ['agent'], body: agentEventsRequest, response: { 200: agentEventsResponse } },
    },
    async (request) => receiveEvents(app.db, deviceOf(request), request.body),
  );
};

export default eventRoutes;
