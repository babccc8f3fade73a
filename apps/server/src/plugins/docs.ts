/** The OpenAPI document, generated from the routes' zod schemas, and Swagger UI at /api/docs. */
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { APP_VERSION, CONSOLE_NAME } from '@wayguard/contracts';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: { info: { title: `${CONSOLE_NAME} API`, version: APP_VERSION }, servers: [{ url: '/' }] },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // The docs may not be framed either (swagger-ui's own policy allows 'self').
      transformStaticCSP: (header) => header.replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
    });
  },
  { name: 'docs' },
);
