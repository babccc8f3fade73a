/** The account: details, logo, social media profiles (000 §2.6, §3.6, §7.2). Edits are for console admins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  accountResponse,
  logoRequest,
  socialMediaRequest,
  successResponse,
  updateAccountRequest,
} from '@wayguard/contracts';
import { requireSession } from '../../plugins/auth.js';
import { forbidden, notFound } from '../../lib/http-errors.js';
import { getAccount, logoImage, setLogo, updateDetails, updateSocialMedia, type AccountDeps } from './service.js';

/** Runs before body validation, so that a user who may not edit gets 403 whatever they send. */
async function consoleAdminOnly(request: FastifyRequest): Promise<void> {
  if (requireSession(request).type !== 'console_admin') throw forbidden();
}

function actor(request: FastifyRequest) {
  const s = requireSession(request);
  return { accountId: s.accountId, userId: s.userId, ip: request.ip };
}

/** Base64 of a 2 MB image with its data-URL prefix, inside a JSON body. */
const LOGO_BODY_LIMIT = 3 * 1024 * 1024;

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AccountDeps = { db: app.db, blobs: app.blobs, log: app.log };
  const tags = ['account'];

  app.get('/account', { schema: { tags, response: { 200: accountResponse } } }, async (request) =>
    getAccount({ ...deps, log: request.log }, requireSession(request).accountId),
  );

  app.post(
    '/account',
    {
      preValidation: consoleAdminOnly,
      schema: { tags, body: updateAccountRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await updateDetails(app.db, actor(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/account/social_media',
    { preValidation: consoleAdminOnly, schema: { tags, body: socialMediaRequest, response: { 200: successResponse } } },
    async (request) => {
      await updateSocialMedia(app.db, actor(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/account/logo',
    {
      bodyLimit: LOGO_BODY_LIMIT,
      preValidation: consoleAdminOnly,
      schema: { tags, body: logoRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await setLogo({ ...deps, log: request.log }, actor(request), request.body);
      return { success: true };
    },
  );

  /** The logo as an image for <img src>: revalidated on every use, answered 304 while unchanged. */
  app.get('/account/logo/image', { schema: { tags } }, async (request, reply) => {
    const logo = await logoImage({ ...deps, log: request.log }, requireSession(request).accountId);
    if (!logo) throw notFound();
    const etag = `"${logo.key}"`;
    void reply
      .header('cache-control', 'private, no-cache')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/png').send(logo.png);
  });
};

export default accountRoutes;
