/** Server and local users: details, delete/undelete, options (000 §3.5; 002 §2.8, §2.10). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const serverUsersRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default serverUsersRoutes;
