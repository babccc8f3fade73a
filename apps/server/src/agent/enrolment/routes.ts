/**
 * POST /api/agent/v1/enroll (design/agent-api.md): public, limited per address: generously, as a
 * school lab enrols from behind one address (a token of 192 bits is not guessed by trying).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentEnrollRequest, agentEnrollResponse } from '@wayguard/contracts';
import { enrol } from './service.js';

const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/enroll',
    {
      config: { agent: 'public', rateLimit: { key: 'agent_enroll', perMinute: 600, by: 'ip' } },
      schema: { tags: ['agent'], body: agentEnrollRequest, response: { 200: agentEnrollResponse } },
    },
    async (request) => enrol(app.db, request.body, request.ip),
  );
};

export default enrolmentRoutes;
