/** Contact details and feedback (002 §2.13-2.14). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const supportRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default supportRoutes;
