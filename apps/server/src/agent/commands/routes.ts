/**
 * GET /api/agent/v1/commands and POST /api/agent/v1/commands/{id}/result (docs/design/agent-api.md
 * 'Commands'): the commands waiting for the calling device, and its results.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentCommandParams,
  agentCommandResultRequest,
  agentCommandResultResponse,
  agentCommandsResponse,
} from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { commandResult, deliverCommands } from './service.js';

const commandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/commands',
    {
      config: { agent: 'device' },
      schema: { tags: ['agent'], response: { 200: agentCommandsResponse } },
    },
    async (request) => deliverCommands(app.db, app.config.SECRET_KEY, deviceOf(request)),
  );

  app.post(
    '/commands/:id/result',
    {
      config: { agent: 'device' },
      schema: {
        tags: ['agent'],
        params: agentCommandParams,
        body: agentCommandResultRequest,
        response: { 200: agentCommandResultResponse },
      },
    },
    async (request) => commandResult(app.db, deviceOf(request), request.params.id, request.body),
  );
};

export default commandRoutes;
