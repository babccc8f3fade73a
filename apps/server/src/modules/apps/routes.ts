/**
 * Mobile apps (issue 12; 001 §2.4, §4, §7 'App requests'; 002 §2.6, §4.4, §7): the app request lists,
 * export, a thread's devices, the actions and the approval, an app's details, and the Apps pages of a
 * mobile and a user with their assignment switches. Reading is open to every role; every action is a
 * Request Admin's (Console Admins and Requests Admins: REQUEST_ADMINS), a Console User gets 403.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  appApprovalBody,
  appApprovalResponse,
  appAssignResponse,
  appDetailQuery,
  appDetailResponse,
  appRequestActionBody,
  appRequestActionResponse,
  appRequestDevicesQuery,
  appRequestDevicesResponse,
  appRequestsListQuery,
  appRequestsListResponse,
  deviceAppAssignBody,
  exportResponse,
  mobileAppsQuery,
  mobileAppsResponse,
  REQUEST_ADMINS,
  userAppAssignBody,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { actorTimeZone } from '../../domain/access/actor-time-zone.js';
import { sendJsonBytes } from '../../lib/json-reply.js';
import { sendExport } from '../../lib/lists/xlsx-export.js';
import { assignToDevice, assignToUser } from './assignments.js';
import { mobileAppsAnswer } from './answers.js';
import { exportAppRequests } from './export.js';
import { actOnApps, appDetail, appRequestDevices, approveApp, list } from './service.js';

const EXPORTS_PER_MINUTE = 10;

const appsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['apps'];
  const read = { roles: ANY_ROLE };
  const admins = { roles: REQUEST_ADMINS };

  // Built typed by its contract (present.ts toAppItem), written by JSON.stringify and kept while the
  // account's app threads are unchanged, as GET /requests is.
  app.get(
    '/app_requests',
    { config: read, schema: { tags, querystring: appRequestsListQuery, response: { 200: appRequestsListResponse } } },
    async (request, reply) => sendJsonBytes(reply, await list(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/app_requests/export',
    {
      config: { roles: ANY_ROLE, rateLimit: { key: 'app_requests_export', perMinute: EXPORTS_PER_MINUTE } },
      schema: { tags, querystring: appRequestsListQuery, response: { 200: exportResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const timeZone = await actorTimeZone(app.db, actor);
      return sendExport(reply, () => exportAppRequests(app.db, actor.accountId, request.query, timeZone));
    },
  );

  app.get(
    '/app_requests/devices',
    {
      config: read,
      schema: { tags, querystring: appRequestDevicesQuery, response: { 200: appRequestDevicesResponse } },
    },
    async (request) => appRequestDevices(app.db, actorOf(request), request.query.id),
  );

  app.post(
    '/app_requests',
    { config: admins, schema: { tags, body: appRequestActionBody, response: { 200: appRequestActionResponse } } },
    async (request) => actOnApps(app.db, actorOf(request), request.body),
  );

  app.get(
    '/app_requests/app',
    { config: read, schema: { tags, querystring: appDetailQuery, response: { 200: appDetailResponse } } },
    async (request) => appDetail(app.db, actorOf(request), request.query.package_name),
  );

  app.post(
    '/app_requests/app',
    { config: admins, schema: { tags, body: appApprovalBody, response: { 200: appApprovalResponse } } },
    async (request) => approveApp(app.db, actorOf(request), request.body),
  );

  app.get(
    '/devices/mobile_apps',
    { config: read, schema: { tags, querystring: mobileAppsQuery, response: { 200: mobileAppsResponse } } },
    async (request, reply) => sendJsonBytes(reply, await mobileAppsAnswer(app.db, actorOf(request), request.query)),
  );

  app.post(
    '/apps/user',
    { config: admins, schema: { tags, body: userAppAssignBody, response: { 200: appAssignResponse } } },
    async (request) => assignToUser(app.db, actorOf(request), request.body),
  );

  app.post(
    '/devices/mobile_apps/assigned',
    { config: admins, schema: { tags, body: deviceAppAssignBody, response: { 200: appAssignResponse } } },
    async (request) => assignToDevice(app.db, actorOf(request), request.body),
  );
};

export default appsRoutes;
