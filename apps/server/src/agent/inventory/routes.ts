/** PUT /api/agent/v1/inventory (docs/design/agent-api.md): a device's full snapshot of details. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentInventoryRequest, agentInventoryResponse } from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { putInventory } from './service.js';
import { retriedTransaction } from '../../lib/db-retry.js';

const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/inventory',
    {
      config: { agent: 'device' },
      schema: { tags: ['agent'], body: agentInventoryRequest, response: { 200: agentInventoryResponse } },
    },
    async (request) => retriedTransaction(app.db, (tx) => putInventory(tx, deviceOf(request), request.body)),
  );
};

export default inventoryRoutes;
