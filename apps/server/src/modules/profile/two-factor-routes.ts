/** Two-factor set-up of one's own profile (000 §7.2, 002 §4.5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const twoFactorRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default twoFactorRoutes;
