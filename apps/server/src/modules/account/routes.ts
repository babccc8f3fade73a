/** The account: details, logo, social media profiles (000 §2.6, §3.6, §7.2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const accountRoutes: FastifyPluginAsyncZod = async (_app) => {};

export default accountRoutes;
