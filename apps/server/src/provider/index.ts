/**
 * The provider's review team API (issue 11), registered under PROVIDER_BASE by app.ts, apart from the
 * console API and the device API: plugins/provider-auth.ts authenticates it; plugins/auth.ts and
 * plugins/agent-auth.ts never see it.
 */
import type { FastifyPluginAsync } from 'fastify';
import providerRoutes from './routes.js';

export const PROVIDER_MODULES: readonly FastifyPluginAsync[] = [providerRoutes] as readonly FastifyPluginAsync[];
