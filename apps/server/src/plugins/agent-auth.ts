/**
 * Authentication of the device-facing API (/api/agent/v1, docs/design/agent-api.md): a route declares
 * `config.agent`, 'device' or 'public', and the app refuses to start otherwise. On a 'device' route the
 * caller sends `Authorization: Bearer <device secret>`; the secret's SHA-256 finds the device. No
 * secret, or one no device holds (never issued, rotated by a re-enrolment), answers 401 with
 * error_code 'reenrol'; a retired device's secret 'device_retired', and a replacement's claim not
 * approved (issue 25) 'replacement_pending' or 'replacement_refused' (domain/devices/agent-devices.ts). Console cookies and CSRF tokens play no part here, and a device secret plays
 * none on the console API (plugins/auth.ts reads only its cookie). The plugin declares the request's
 * device and checks every device-API route's declaration at start; `requireDevice` is the per-request
 * check, added to the device API's scope only.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import { AGENT_BASE } from '@wayguard/contracts';
import {
  bearerSecret,
  findDeviceBySecretHash,
  REFUSAL_MSG,
  type SecretCheck,
} from '../domain/devices/agent-devices.js';
import { sha256 } from '../lib/crypto.js';

export default fp(async (app) => {
  app.decorateRequest('device', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${AGENT_BASE}/`)) return;
    const agent = route.config?.agent;
    if (agent !== 'device' && agent !== 'public')
      throw new Error(`${String(route.method)} ${route.url} declares no config.agent ('device' or 'public')`);
    if (route.config?.roles || route.config?.public)
      throw new Error(`${route.url}: console declarations on a device route`);
  });
});

/**
 * The device-secret check, added as an onRequest hook of the device API's own scope (app.ts), so that
 * no other request pays for it.
 */
export function requireDevice(app: FastifyInstance): onRequestAsyncHookHandler {
  return async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (request.routeOptions.config?.agent !== 'device') return;
    const secret = bearerSecret(request.headers.authorization);
    const check: SecretCheck = secret ? await findDeviceBySecretHash(app.db, sha256(secret)) : { refusal: 'reenrol' };
    if (!check.device) {
      const message = REFUSAL_MSG[check.refusal];
      return reply
        .code(401)
        .send({ success: false, error: message, error_message: message, error_code: check.refusal });
    }
    request.device = check.device;
  };
}
