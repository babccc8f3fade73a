/**
 * Website and media requests (001 §2.4-2.6, §7 'Requests'; issue 11): the lists, export, a thread's
 * details and devices, bookmarks, the actions, block-website requests and the website-group lookup.
 * Reading is open to every role; every action is a Request Admin's (Console Admins and Requests
 * Admins: REQUEST_ADMINS), a Console User gets 403.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  blockBatchResponse,
  blockLookupsResponse,
  blockRequestBody,
  blockResult,
  exportResponse,
  REQUEST_ADMINS,
  requestActionBody,
  requestActionResponse,
  requestBookmarkBody,
  requestDetailsQuery,
  requestDetailsResponse,
  requestConnectionsResponse,
  requestDevicesResponse,
  requestUsersResponse,
  requestRefQuery,
  requestsListQuery,
  requestsListResponse,
  successResponse,
  websiteGroupsQuery,
  websiteGroupsResponse,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { actorTimeZone } from '../../domain/access/actor-time-zone.js';
import { blockLookups, blockWebsite, blockWebsiteBatch, websiteGroupsOf } from './block.js';
import { exportRequests } from './export.js';
import { sendExport } from '../../lib/lists/xlsx-export.js';
import { act, bookmark, list, requestConnections, requestDetails, requestDevices, requestUsers } from './service.js';
import { sendJsonBytes } from '../../lib/json-reply.js';

const EXPORTS_PER_MINUTE = 10;
/** Block requests per user per minute (each writes rules and clears policies). */
const BLOCKS_PER_MINUTE = 60;

const requestsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['requests'];
  const read = { roles: ANY_ROLE };
  const admins = { roles: REQUEST_ADMINS };

  // A list page is built typed by its contract (present.ts toItem) and written by JSON.stringify
  // instead of being encoded again by the schema's serializer (a tenth of the server's time for a page in
  // bench:requests), and kept while the account's threads are unchanged (service.ts list); the
  // schema still documents it, and requests-list.test.ts checks the answer against it.
  app.get(
    '/requests',
    { config: read, schema: { tags, querystring: requestsListQuery, response: { 200: requestsListResponse } } },
    async (request, reply) => sendJsonBytes(reply, await list(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/requests/export',
    {
      config: { roles: ANY_ROLE, rateLimit: { key: 'requests_export', perMinute: EXPORTS_PER_MINUTE } },
      schema: { tags, querystring: requestsListQuery, response: { 200: exportResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const timeZone = await actorTimeZone(app.db, actor);
      return sendExport(reply, () => exportRequests(app.db, actor.accountId, request.query, timeZone));
    },
  );

  app.get(
    '/requests/details',
    { config: read, schema: { tags, querystring: requestDetailsQuery, response: { 200: requestDetailsResponse } } },
    async (request) => requestDetails(app.db, actorOf(request), request.query),
  );

  app.get(
    '/requests/devices',
    { config: read, schema: { tags, querystring: requestRefQuery, response: { 200: requestDevicesResponse } } },
    async (request) => requestDevices(app.db, actorOf(request), request.query),
  );

  app.get(
    '/requests/users',
    { config: read, schema: { tags, querystring: requestRefQuery, response: { 200: requestUsersResponse } } },
    async (request) => requestUsers(app.db, actorOf(request), request.query),
  );

  app.get(
    '/requests/connections',
    { config: read, schema: { tags, querystring: requestRefQuery, response: { 200: requestConnectionsResponse } } },
    async (request) => requestConnections(app.db, actorOf(request), request.query),
  );

  app.post(
    '/requests',
    { config: admins, schema: { tags, body: requestActionBody, response: { 200: requestActionResponse } } },
    async (request) => act(app.db, actorOf(request), request.body, new Date(), request.log),
  );

  app.post(
    '/requests/bookmark',
    { config: admins, schema: { tags, body: requestBookmarkBody, response: { 200: successResponse } } },
    async (request) => bookmark(app.db, actorOf(request), request.body),
  );

  app.get(
    '/requests/block',
    { config: read, schema: { tags, response: { 200: blockLookupsResponse } } },
    async (request) => blockLookups(app.db, actorOf(request)),
  );

  const blockLimit = { key: 'requests_block', perMinute: BLOCKS_PER_MINUTE };
  app.post(
    '/requests/block',
    {
      config: { ...admins, rateLimit: blockLimit },
      schema: { tags, body: blockRequestBody, response: { 200: blockResult } },
    },
    async (request) => blockWebsite(app.db, actorOf(request), request.body),
  );

  app.post(
    '/requests/block/batch',
    {
      config: { ...admins, rateLimit: blockLimit },
      schema: { tags, body: blockRequestBody, response: { 200: blockBatchResponse } },
    },
    async (request) => blockWebsiteBatch(app.db, actorOf(request), request.body),
  );

  app.get(
    '/node/web_access/website_groups',
    { config: read, schema: { tags, querystring: websiteGroupsQuery, response: { 200: websiteGroupsResponse } } },
    async (request) => websiteGroupsOf(app.db, actorOf(request)),
  );
};

export default requestsRoutes;
