/**
 * POST /api/agent/v1/checkin (docs/design/agent-api.md): a device's heartbeat, written in batches (batch.ts);
 * 503 'busy' with Retry-After when the batcher's queue is full.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentCheckinRequest, agentCheckinResponse } from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { sendRetryLater } from '../../lib/agent-retry.js';
import type { AgentModuleOptions } from './options.js';
import { CheckinQueueFull, createCheckinBatcher } from './batch.js';

const checkinRoutes: FastifyPluginAsyncZod<AgentModuleOptions> = async (app, options) => {
  const batcher = createCheckinBatcher(app.db, { maxQueued: options.checkinQueueMax });
  app.post(
    '/checkin',
    {
      config: { agent: 'device' },
      schema: { tags: ['agent'], body: agentCheckinRequest, response: { 200: agentCheckinResponse } },
    },
    async (request, reply) => {
      try {
        return await batcher.checkin(deviceOf(request), request.body);
      } catch (error) {
        // A full queue: come back later (503 'busy', Retry-After with jitter), the check-in not taken.
        if (error instanceof CheckinQueueFull) return sendRetryLater(reply, 'busy', error.retryAfterSeconds);
        throw error;
      }
    },
  );
};

export default checkinRoutes;
