/** Console users: list, export, details, create, status actions, options (000 §2.7-2.8, §4.4-4.5, §7.3; 002 §4.1-4.2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const usersRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default usersRoutes;
