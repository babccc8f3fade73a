/**
 * GET /api/agent/v1/policy (docs/design/agent-api.md 'Policy'): the device's effective policy, with
 * `ETag: "<version>"`; `If-None-Match` with the current version answers 304 without a body.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentPolicyResponse } from '@wayguard/contracts';
import { deviceOf } from '../../domain/devices/agent-devices.js';
import { policyOf } from './service.js';
import { JSON_TYPE } from '../../lib/json-reply.js';

const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/policy',
    {
      config: { agent: 'device' },
      schema: {
        tags: ['agent'],
        response: { 200: agentPolicyResponse, 304: z.null().describe('Not modified: the device has this version') },
      },
    },
    async (request, reply) => {
      const answer = await policyOf(app.db, deviceOf(request), request.headers['if-none-match']);
      const version = answer.notModified ? answer.version : answer.body.version;
      void reply.header('etag', `"${version}"`);
      if (answer.notModified) return reply.code(304).send(null);
      // A policy is large (thousands of rules) and typed by its contract where it is built
      // (domain/devices/device-policy.ts): its answer is the canonical JSON its version was computed from, not
      // checked again by the schema's serializer (8 ms at 2,000 rules); the schema still documents it.
      return reply
        .type(JSON_TYPE)
        .serializer(() => answer.text)
        .send(answer.body);
    },
  );
};

export default policyRoutes;
