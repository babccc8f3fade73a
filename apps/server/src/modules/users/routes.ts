/** Console users: list, export, details, create, status actions, options (000 §2.7-2.8, §4.4-4.5, §7.3; 002 §4.1-4.2). */
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
  userOptionsRequest,
  usersListQuery,
  usersListResponse,
  type UserListItem,
} from '@wayguard/contracts';
import { requireSession } from '../../plugins/auth.js';
import { hit } from '../../lib/rate-limit.js';
import { tooManyRequests } from '../../lib/http-errors.js';
import { listUsers, TYPE_LABELS, type UserRow } from './repository.js';
import { exportUsers, withExportSlot } from './export.js';
import {
  actorTimeZone,
  createUser,
  setUserOption,
  updateUserDetails,
  userAction,
  userDetails as loadUserDetails,
  type Ctx,
} from './service.js';

const EXPORTS_PER_MINUTE = 5;

function listItem(r: UserRow): UserListItem {
  return {
    id: r.id,
    username: r.username,
    email_address: r.email_address,
    first_name: r.first_name,
    last_name: r.last_name,
    type: { type: r.type, name: TYPE_LABELS[r.type] },
    status: r.status,
    last_active: r.last_active,
    date_created: r.date_created,
    created_by: r.created_by,
    filters: {
      awaiting_activation: r.awaiting_activation,
      password_reset: r.password_reset,
      deactivated: r.deactivated,
      not_active_last_30_days: r.not_active_last_30_days,
      active_last_30_days: r.active_last_30_days,
      active_past_hour: r.active_past_hour,
      failed_email_delivery: r.failed_email_delivery,
    },
  };
}

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['users'];
  const ctx = (request: Parameters<typeof requireSession>[0]): Ctx => ({
    s: requireSession(request),
    ip: request.ip,
    publicUrl: app.config.PUBLIC_URL,
  });

  app.get(
    '/users',
    { schema: { tags, querystring: usersListQuery, response: { 200: usersListResponse } } },
    async (request) => {
      const s = requireSession(request);
      const { rows, total } = await listUsers(app.db, s.accountId, request.query);
      return { users: rows.map(listItem), total_count: total };
    },
  );

  app.get(
    '/users/export',
    { schema: { tags, querystring: usersListQuery, response: { 200: exportResponse } } },
    async (request) => {
      const s = requireSession(request);
      const w = await hit(app.db, `rl:users_export:u:${s.userId}`, 60);
      if (w.count > EXPORTS_PER_MINUTE) throw tooManyRequests(w.retryAfterSeconds);
      const timeZone = await actorTimeZone(app.db, s);
      return withExportSlot(() => exportUsers(app.db, s.accountId, request.query, timeZone));
    },
  );

  app.get(
    '/users/details',
    { schema: { tags, querystring: idQuery, response: { 200: userDetails } } },
    async (request) => loadUserDetails(app.db, requireSession(request), request.query.id),
  );

  app.post(
    '/users/details',
    { schema: { tags, body: updateUserDetailsRequest, response: { 200: successResponse } } },
    async (request) => {
      await updateUserDetails(app.db, ctx(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/users',
    { schema: { tags, body: userActionRequest, response: { 200: successResponse } } },
    async (request) => {
      await userAction(app.db, ctx(request), request.body);
      return { success: true };
    },
  );

  app.post(
    '/users/create',
    { schema: { tags, body: createUserRequest, response: { 200: createUserResponse } } },
    async (request) => {
      const id = await createUser(app.db, ctx(request), request.body);
      return { success: true as const, id };
    },
  );

  app.post(
    '/users/options',
    { schema: { tags, body: userOptionsRequest, response: { 200: successResponse } } },
    async (request) => {
      await setUserOption(app.db, ctx(request), request.body);
      return { success: true };
    },
  );
};

export default usersRoutes;
