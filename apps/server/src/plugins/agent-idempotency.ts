/**
 * `Idempotency-Key` on the device API's POSTs (docs/design/agent-api.md): a device that sends a key gets,
 * for the same key and body again (a retry after a lost answer), the first answer again without the
 * call running twice; the same key with another body answers 422. Keys are the device's own (two
 * devices may use the same one) and kept a day. Enrolment is not covered: its answer holds a secret,
 * which is never stored; enrolling again is harmless anyway (the same device, a new secret). Two
 * copies of a key at the same moment may both run: every device call is idempotent by itself
 * (sequence numbers, event ids, whole snapshots), so nothing doubles.
 */
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MSG } from '@wayguard/contracts';
import { findAnswer, keepAnswer } from '../domain/devices/agent-idempotency.js';
import { sha256 } from '../lib/crypto.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency?: { key: string; bodyHash: string };
  }
}

export default fp(async (app) => {
  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (request.method !== 'POST' || !request.device || header === undefined) return;
    const key = Array.isArray(header) ? '' : header;
    if (!IDEMPOTENCY_KEY_PATTERN.test(key))
      return reply
        .code(400)
        .send({ success: false, error: IDEMPOTENCY_MSG.badKey, error_message: IDEMPOTENCY_MSG.badKey });
    const bodyHash = sha256(`${request.routeOptions.url}\n${JSON.stringify(request.body ?? null)}`);
    const first = await findAnswer(app.db, request.device, key);
    if (first && first.bodyHash !== bodyHash)
      return reply
        .code(422)
        .send({ success: false, error: IDEMPOTENCY_MSG.reused, error_message: IDEMPOTENCY_MSG.reused });
    if (first) return reply.code(first.statusCode).header('idempotent-replayed', 'true').send(first.response);
    request.idempotency = { key, bodyHash };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const i = request.idempotency;
    if (!i || !request.device || reply.statusCode >= 500 || typeof payload !== 'string') return payload;
    let response: unknown;
    try {
      response = JSON.parse(payload);
    } catch {
      return payload;
    }
    await keepAnswer(app.db, request.device, {
      route: request.routeOptions.url ?? request.url,
      key: i.key,
      bodyHash: i.bodyHash,
      statusCode: reply.statusCode,
      response,
    });
    return payload;
  });
});
