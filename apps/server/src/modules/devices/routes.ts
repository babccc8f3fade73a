/**
 * Devices in the console (001 §2-§5, §8): list, export, details, rename, alerts, settings, the mobile
 * lock and password commands, and ours: the commands and the timeline. Reading is open to every role;
 * every change is the Console Admin's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANY_ROLE,
  CONSOLE_ADMIN,
  type DevicesListResponse,
  deviceAlertsResponse,
  deviceCommandsResponse,
  deviceConfig,
  deviceDetails,
  deviceQuery,
  devicesListQuery,
  devicesListResponse,
  deviceTimelineQuery,
  deviceTimelineResponse,
  exportResponse,
  lockMobileRequest,
  lockMobileResponse,
  renameDeviceRequest,
  resetMobilePasswordRequest,
  resetMobilePasswordResponse,
  successResponse,
  updateDeviceConfigRequest,
} from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { actorTimeZone } from '../../domain/access/actor-time-zone.js';
import { exportDevices } from './export.js';
import { sendExport } from '../../lib/lists/xlsx-export.js';
import {
  deviceAlerts,
  deviceCommands,
  deviceConfig as loadConfig,
  deviceDetails as loadDetails,
  deviceTimeline,
  listDevices,
  lockMobile,
  renameDevice,
  resetMobilePassword,
  updateDeviceConfig,
} from './service.js';
import { sendTyped } from '../../lib/json-reply.js';

/** Exports per user per minute (each holds an export slot while it streams). */
const EXPORTS_PER_MINUTE = 5;

const devicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['devices'];
  const read = { roles: ANY_ROLE };
  const change = { roles: CONSOLE_ADMIN };

  app.get(
    '/devices',
    { config: read, schema: { tags, querystring: devicesListQuery, response: { 200: devicesListResponse } } },
    async (request, reply) =>
      sendTyped<DevicesListResponse>(reply, await listDevices(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/devices/export',
    {
      config: { roles: ANY_ROLE, rateLimit: { key: 'devices_export', perMinute: EXPORTS_PER_MINUTE } },
      schema: { tags, querystring: devicesListQuery, response: { 200: exportResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const timeZone = await actorTimeZone(app.db, actor);
      return sendExport(reply, () => exportDevices(app.db, actor.accountId, request.query, timeZone));
    },
  );

  app.get(
    '/devices/details',
    { config: read, schema: { tags, querystring: deviceQuery, response: { 200: deviceDetails } } },
    async (request) => loadDetails(app.db, actorOf(request), request.query),
  );

  app.post(
    '/devices/details',
    { config: change, schema: { tags, body: renameDeviceRequest, response: { 200: successResponse } } },
    async (request) => {
      await renameDevice(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.get(
    '/devices/alerts',
    { config: read, schema: { tags, querystring: deviceQuery, response: { 200: deviceAlertsResponse } } },
    async (request) => deviceAlerts(app.db, actorOf(request), request.query),
  );

  app.get(
    '/devices/config',
    { config: read, schema: { tags, querystring: deviceQuery, response: { 200: deviceConfig } } },
    async (request) => loadConfig(app.db, actorOf(request), request.query),
  );

  app.post(
    '/devices/config',
    { config: change, schema: { tags, body: updateDeviceConfigRequest, response: { 200: successResponse } } },
    async (request) => {
      await updateDeviceConfig(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.put(
    '/devices/lock_mobile_device',
    { config: change, schema: { tags, body: lockMobileRequest, response: { 200: lockMobileResponse } } },
    async (request) => lockMobile(app.db, actorOf(request), request.body.id),
  );

  app.post(
    '/devices/reset_mobile_password',
    {
      config: change,
      schema: { tags, body: resetMobilePasswordRequest, response: { 200: resetMobilePasswordResponse } },
    },
    async (request) => resetMobilePassword(app.db, actorOf(request), app.config.SECRET_KEY, request.body),
  );

  app.get(
    '/devices/commands',
    { config: read, schema: { tags, querystring: deviceQuery, response: { 200: deviceCommandsResponse } } },
    async (request) => deviceCommands(app.db, actorOf(request), request.query),
  );

  app.get(
    '/devices/timeline',
    { config: read, schema: { tags, querystring: deviceTimelineQuery, response: { 200: deviceTimelineResponse } } },
    async (request) => deviceTimeline(app.db, actorOf(request), request.query),
  );
};

export default devicesRoutes;
