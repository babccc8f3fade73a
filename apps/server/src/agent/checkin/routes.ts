/** POST /api/agent/v1/checkin (design/agent-api.md): a device's heartbeat, written in batches (batch.ts). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentCheckinRequest, agentCheckinResponse } from '@wayguard/contracts';
import { deviceOf } from '../../lib/agent-devices.js';
import { createCheckinBatcher } from './batch.js';

const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const batcher = createCheckinBatcher(app.db);
  app.post(
    '/checkin',
    {
      config: { agent: 'device' },
      schema: { tags: ['agent'], body: agentCheckinRequest, response: { 200: agentCheckinResponse } },
    },
    async (request) => batcher.checkin(deviceOf(request), request.body),
  );
};

export default checkinRoutes;
