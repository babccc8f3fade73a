/**
 * POST /api/agent/v1/enroll (docs/design/agent-api.md): public, limited per address: generously, as a
 * school lab enrols from behind one address (a token of 192 bits is not guessed by trying). A device
 * enrolling again sends its current secret as `Authorization: Bearer` (issue 25: without it, a known
 * device's enrolment is held as a replacement).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentEnrollRequest, agentEnrollResponse } from '@wayguard/contracts';
import { bearerSecret } from '../../domain/devices/agent-devices.js';
import { enrol } from './service.js';

const enrolmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/enroll',
    {
      config: { agent: 'public', rateLimit: { key: 'agent_enroll', perMinute: 600, by: 'ip' } },
      schema: { tags: ['agent'], body: agentEnrollRequest, response: { 200: agentEnrollResponse } },
    },
    async (request) => enrol(app.db, request.body, request.ip, bearerSecret(request.headers.authorization)),
  );
};

export default enrolmentRoutes;
