/**
 * Enrolment tokens for the device-facing API (docs/design/agent-api.md; docs/decisions/devices.md "Enrolment tokens").
 * Console Admins.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONSOLE_ADMIN,
  enrolmentTokenCreateRequest,
  enrolmentTokenCreateResponse,
  enrolmentTokenRevokeRequest,
  enrolmentTokenRevokeResponse,
  enrolmentTokensResponse,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { createEnrolmentToken, enrolmentTokens, revokeEnrolmentToken } from './service.js';

const enrolmentTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['enrolment tokens'];
  const config = { roles: CONSOLE_ADMIN };

  app.get(
    '/enrolment_tokens',
    { config, schema: { tags, response: { 200: enrolmentTokensResponse } } },
    async (request) => enrolmentTokens(app.db, actorOf(request)),
  );

  app.post(
    '/enrolment_tokens',
    { config, schema: { tags, body: enrolmentTokenCreateRequest, response: { 200: enrolmentTokenCreateResponse } } },
    async (request) => createEnrolmentToken(app.db, actorOf(request), request.body),
  );

  app.post(
    '/enrolment_tokens/revoke',
    { config, schema: { tags, body: enrolmentTokenRevokeRequest, response: { 200: enrolmentTokenRevokeResponse } } },
    async (request) =>
      revokeEnrolmentToken(app.db, actorOf(request), request.body.id, request.body.retire_devices ?? false),
  );
};

export default enrolmentTokenRoutes;
