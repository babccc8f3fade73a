/** Console users: list, export, details, create, status actions, options and one's own options (000 §2.7-2.8, §4.4-4.5, §7.3; 002 §4.1-4.2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createUserRequest,
  createUserResponse,
  exportResponse,
  idQuery,
  successResponse,
  updateUserDetailsRequest,
  userActionRequest,
  userDetails,
  profileOptionsRequest,
  userOptionsRequest,
  usersListQuery,
  usersListResponse,
} from '@wayguard/contracts';
import { ANY_ROLE, CONSOLE_ADMIN } from '@wayguard/contracts';
import { actorOf } from '../../domain/access/actor.js';
import { actorTimeZone } from '../../domain/access/actor-time-zone.js';
import { usersListAnswer } from './list.js';
import { sendJsonBytes } from '../../lib/json-reply.js';
import { exportUsers } from './export.js';
import { sendExport } from '../../lib/lists/xlsx-export.js';
import { createUser, setUserOption, updateUserDetails, userAction, userDetails as loadUserDetails } from './service.js';

/** Exports per user per minute (each holds an export slot while it streams: lib/lists/xlsx-export.ts). */
const EXPORTS_PER_MINUTE = 5;

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const publicUrl = app.config.PUBLIC_URL;

  // A page is written by JSON.stringify from rows typed by the contract, and kept while what it shows is
  // unchanged (list.ts); the schema still documents it.
  app.get(
    '/users',
    {
      config: { roles: ANY_ROLE },
      schema: { tags, querystring: usersListQuery, response: { 200: usersListResponse } },
    },
    async (request, reply) => sendJsonBytes(reply, await usersListAnswer(app.db, actorOf(request), request.query)),
  );

  app.get(
    '/users/export',
    {
      config: { roles: ANY_ROLE, rateLimit: { key: 'users_export', perMinute: EXPORTS_PER_MINUTE } },
      schema: { tags, querystring: usersListQuery, response: { 200: exportResponse } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const timeZone = await actorTimeZone(app.db, actor);
      return sendExport(reply, () => exportUsers(app.db, actor.accountId, request.query, timeZone));
    },
  );

  app.get(
    '/users/details',
    { config: { roles: ANY_ROLE }, schema: { tags, querystring: idQuery, response: { 200: userDetails } } },
    async (request) => loadUserDetails(app.db, actorOf(request), request.query.id),
  );

  app.post(
    '/users/details',
    {
      // Everyone edits themselves; another user only a Console Admin (the service authorises per subject).
      config: { roles: ANY_ROLE, subjectRule: 'user.edit_details' },
      schema: { tags, body: updateUserDetailsRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await updateUserDetails(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/users',
    {
      config: { roles: CONSOLE_ADMIN, subjectRule: 'user.change_status' },
      schema: { tags, body: userActionRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await userAction(app.db, actorOf(request), publicUrl, request.body);
      return { success: true };
    },
  );

  app.post(
    '/users/create',
    {
      config: { roles: CONSOLE_ADMIN },
      schema: { tags, body: createUserRequest, response: { 200: createUserResponse } },
    },
    async (request) => {
      const id = await createUser(app.db, actorOf(request), publicUrl, request.body);
      return { success: true as const, id };
    },
  );

  app.post(
    '/users/options',
    {
      // A type change (the sample's kind) is never on oneself; two-factor sign-in only on oneself.
      config: { roles: CONSOLE_ADMIN, subjectRule: 'user.change_type' },
      schema: { tags, body: userOptionsRequest, response: { 200: successResponse } },
    },
    async (request) => {
      await setUserOption(app.db, actorOf(request), request.body);
      return { success: true };
    },
  );

  // One's own options (000 §7.2): POST /users/options for one's own id, with its rules (002 §4.2, §4.5, §5).
  app.post(
    '/profile/options',
    {
      config: { roles: CONSOLE_ADMIN },
      schema: { tags: ['profile'], body: profileOptionsRequest, response: { 200: successResponse } },
    },
    async (request) => {
      const actor = actorOf(request);
      await setUserOption(app.db, actor, { id: actor.userId, ...request.body });
      return { success: true };
    },
  );
};

export default usersRoutes;
