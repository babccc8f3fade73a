/**
 * The device-facing API's modules (docs/design/agent-api.md), registered under AGENT_BASE by app.ts, apart
 * from the console API: plugins/agent-auth.ts authenticates them, plugins/auth.ts never sees them.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AgentModuleOptions } from './checkin/options.js';
import enrolmentRoutes from './enrolment/routes.js';
import checkinRoutes from './checkin/routes.js';
import inventoryRoutes from './inventory/routes.js';
import eventRoutes from './events/routes.js';
import policyRoutes from './policy/routes.js';
import commandRoutes from './commands/routes.js';
import requestRoutes from './requests/routes.js';
import blockPageRoutes from './requests/block-page-routes.js';

export const AGENT_MODULES: readonly FastifyPluginAsync<AgentModuleOptions>[] = [
  enrolmentRoutes,
  checkinRoutes,
  inventoryRoutes,
  eventRoutes,
  policyRoutes,
  commandRoutes,
  requestRoutes,
  blockPageRoutes,
] as readonly FastifyPluginAsync<AgentModuleOptions>[];
