/**
 * Web access of devices and server users (002 §2.3-2.5, §2.9, §4.3, §7): the websites, media and
 * categories lists and their exports, the access switch, media info, and ours: "Test a website" and
 * the impact preview of a rule at the account or a connection (Request Admins approve requests there).
 * Reading is open to every role; setting access is the Console Admin's (002 §6 'web access
 * configuration').
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  categoriesCountResponse,
  categoriesQuery,
  categoriesResponse,
  CONSOLE_ADMIN,
  exportResponse,
  impactRequest,
  impactResponse,
  mediaInfoQuery,
  mediaInfoResponse,
  mediaListQuery,
  REQUEST_ADMINS,
  setAccessRequest,
  successResponse,
  testWebsiteRequest,
  testWebsiteResponse,
  webAccessListResponse,
  websitesListQuery,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { actorTimeZone } from '../../domain/access/actor-time-zone.js';
import { exportNodeItems } from './export.js';
import { sendExport } from '../../lib/lists/xlsx-export.js';
import { countCategories, listCategories, mediaInfo, setAccess, testWebsite } from './service.js';
import { listNodeItemsAnswer } from './kept-answers.js';
import { impact } from './impact.js';
import { sendJsonBytes } from '../../lib/json-reply.js';

/**
 * Exports per user per minute of each list (each holds an export slot while it streams): an
 * administrator exports one device after another, so more than the all-devices export allows.
 */
const EXPORTS_PER_MINUTE = 10;
/** "Test a website" and impact previews per user per minute. */
const TESTS_PER_MINUTE = 60;

const webAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['web access'];
  const read = { roles: ANY_ROLE };

  // A list page is built typed by its contract (service.ts) and written by JSON.stringify instead of being
  // checked again by the schema's serializer (a tenth of the page's time in bench:web-access); the schema
  // still documents it.
  app.get(
    '/node/web_access/websites/list',
    { config: read, schema: { tags, querystring: websitesListQuery, response: { 200: webAccessListResponse } } },
    async (request, reply) =>
      sendJsonBytes(reply, await listNodeItemsAnswer(app.db, actorOf(request), 'website', request.query)),
  );

  app.get(
    '/node/web_access/media/list',
    { config: read, schema: { tags, querystring: mediaListQuery, response: { 200: webAccessListResponse } } },
    async (request, reply) =>
      sendJsonBytes(reply, await listNodeItemsAnswer(app.db, actorOf(request), 'media', request.query)),
  );

  for (const [kind, path, query, key] of [
    ['website', '/node/web_access/websites/export', websitesListQuery, 'web_access_websites_export'],
    ['media', '/node/web_access/media/export', mediaListQuery, 'web_access_media_export'],
  ] as const) {
    app.get(
      path,
      {
        config: { roles: ANY_ROLE, rateLimit: { key, perMinute: EXPORTS_PER_MINUTE } },
        schema: { tags, querystring: query, response: { 200: exportResponse } },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const timeZone = await actorTimeZone(app.db, actor);
        return sendExport(reply, () => exportNodeItems(app.db, actor, kind, request.query, timeZone));
      },
    );
  }

  app.get(
    '/node/web_access/categories/list',
    { config: read, schema: { tags, querystring: categoriesQuery, response: { 200: categoriesResponse } } },
    async (request) => listCategories(app.db, actorOf(request), request.query),
  );

  app.get(
    '/node/web_access/categories/count',
    { config: read, schema: { tags, querystring: categoriesQuery, response: { 200: categoriesCountResponse } } },
    async (request) => countCategories(app.db, actorOf(request), request.query),
  );

  app.post(
    '/node/web_access/websites/access',
    { config: { roles: CONSOLE_ADMIN }, schema: { tags, body: setAccessRequest, response: { 200: successResponse } } },
    async (request) => setAccess(app.db, actorOf(request), request.body),
  );

  app.get(
    '/node/web_access/websites/media_info',
    { config: read, schema: { tags, querystring: mediaInfoQuery, response: { 200: mediaInfoResponse } } },
    async (request) => mediaInfo(app.db, actorOf(request), request.query.website_id),
  );

  app.post(
    '/node/web_access/impact',
    {
      config: { roles: REQUEST_ADMINS, rateLimit: { key: 'web_access_impact', perMinute: TESTS_PER_MINUTE } },
      schema: { tags, body: impactRequest, response: { 200: impactResponse } },
    },
    async (request) => impact(app.db, actorOf(request), request.body),
  );

  app.post(
    '/node/web_access/test',
    {
      config: { roles: ANY_ROLE, rateLimit: { key: 'web_access_test', perMinute: TESTS_PER_MINUTE } },
      schema: { tags, body: testWebsiteRequest, response: { 200: testWebsiteResponse } },
    },
    async (request) => testWebsite(app.db, actorOf(request), request.body),
  );
};

export default webAccessRoutes;
