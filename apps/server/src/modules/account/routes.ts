/** The account: details, logo, social media profiles (000 §2.6, §3.6, §7.2). Edits are for console admins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  CONSOLE_ADMIN,
  accountResponse,
  logoRequest,
  socialMediaRequest,
  successResponse,
  updateAccountRequest,
} from '@wayguard/contracts';
import { notFound } from '../../lib/http-errors.js';
import { actorOf } from '../../domain/access/actor.js';
import { getAccount, logoImage, setLogo, updateDetails, updateSocialMedia, type AccountDeps } from './service.js';

/** Base64 of a 2 MB image with its data-URL prefix, inside a JSON body. */
const LOGO_BODY_LIMIT = 3 * 1024 * 1024;

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AccountDeps = { db: app.db, blobs: app.blobs, log: app.log };
  const tags = ['account'];

  app.get(
    '/account',
    { config: { roles: ANY_ROLE }, schema: { tags, response: { 200: accountResponse } } },
    async (request) => getAccount({ ...deps, log: request.log }, actorOf(request).accountId),
  );

  app.post(
    '/account',
    // The role is checked before the body is read: a user who may not edit gets 403 whatever they send.
    {
      config: { roles: CONSOLE_ADMIN },
      schema: { tags, body: updateAccountRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await updateDetails(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/account/social_media',
    {
      config: { roles: CONSOLE_ADMIN },
      schema: { tags, body: socialMediaRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await updateSocialMedia(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/account/logo',
    {
      bodyLimit: LOGO_BODY_LIMIT,
      config: { roles: CONSOLE_ADMIN },
      schema: { tags, body: logoRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await setLogo({ ...deps, log: request.log }, actorOf(request), request.body);
      return { success: true };
    },
  );

  /** The logo as an image for <img src>: revalidated on every use, answered 304 while unchanged. */
  app.get('/account/logo/image', { config: { roles: ANY_ROLE }, schema: { tags } }, async (request, reply) => {
    const logo = await logoImage({ ...deps, log: request.log }, actorOf(request).accountId);
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
