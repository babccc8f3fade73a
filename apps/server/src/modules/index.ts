/**
 * The console API's modules, registered under API_BASE in this order by app.ts. Adding a module is one
 * line here: its routes file declares roles, schemas and limits; plugins enforce them.
 */
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes.js';
import registrationRoutes from './registration/routes.js';
import profileRoutes from './profile/routes.js';
import twoFactorRoutes from './profile/two-factor-routes.js';
import usersRoutes from './users/routes.js';
import serverUsersRoutes from './server-users/routes.js';
import accountRoutes from './account/routes.js';
import supportRoutes from './support/routes.js';
import enrolmentTokenRoutes from './enrolment-tokens/routes.js';
import devicesRoutes from './devices/routes.js';
import deviceIdentityRoutes from './devices/identity-routes.js';
import webAccessRoutes from './web-access/routes.js';
import requestsRoutes from './requests/routes.js';
import appsRoutes from './apps/routes.js';

// Route plugins are typed for the zod provider; registration only needs them as plugins.
export type ApiModule = FastifyPluginAsync;

export const API_MODULES: readonly ApiModule[] = [
  authRoutes,
  registrationRoutes,
  profileRoutes,
  twoFactorRoutes,
  usersRoutes,
  serverUsersRoutes,
  accountRoutes,
  supportRoutes,
  enrolmentTokenRoutes,
  devicesRoutes,
  deviceIdentityRoutes,
  webAccessRoutes,
  requestsRoutes,
  appsRoutes,
] as readonly FastifyPluginAsync[];
