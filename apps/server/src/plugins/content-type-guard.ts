/**
 * JSON console API and device API routes accept JSON bodies only (415 otherwise); multipart routes
 * (config.multipart) also take form data, and HTML form routes (config.form) a urlencoded form.
 */
import fp from 'fastify-plugin';
import { AGENT_BASE, API_BASE, PROVIDER_BASE } from '@wayguard/contracts';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      // The matched route, not the raw URL: percent-encoded paths must not slip past the check.
      const route = request.routeOptions.url ?? request.url;
      if (
        !WITH_BODY.has(request.method) ||
        !(route.startsWith(API_BASE) || route.startsWith(AGENT_BASE) || route.startsWith(PROVIDER_BASE))
      )
        return;
      const type = String(request.headers['content-type'] ?? '');
      const hasBody =
        Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      const multipart = request.routeOptions.config?.multipart === true;
      const form = request.routeOptions.config?.form === true;
      if (
        hasBody &&
        !type.startsWith('application/json') &&
        !(multipart && type.startsWith('multipart/form-data')) &&
        !(form && type.startsWith('application/x-www-form-urlencoded'))
      ) {
        return reply.code(415).send({ success: false, error: 'Unsupported media type' });
      }
    });
  },
  { name: 'content-type-guard' },
);
