/** POST /api/agent/v1/checkin (design/agent-api.md): a device's heartbeat. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentCheckinRequest, agentCheckinResponse } from '@wayguard/contracts';
import { deviceOf } from '../../lib/agent-devices.js';
import { checkin } from './service.js';

const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkin',
    {
      config: { agent: 'device' },
      schema: { tags: ['agent'], body: agentCheckinRequest, response: { 200: agentCheckinResponse } },
    },
    async (request) => checkin(app.db, deviceOf(request), request.body),
  );
};

export default checkinRoutes;
