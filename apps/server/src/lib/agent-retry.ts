/**
 * The device API's "come back later" answers (issue 25): 429 'slow_down' (a device past its rate limit,
 * lib/device-rate-limits.ts) and 503 'busy' (the check-in queue is full, agent/checkin/batch.ts), each
 * with the Retry-After header and `retry_after` in the body, which an agent reads without parsing headers.
 */
import type { FastifyReply } from 'fastify';
import { AGENT_MSG } from '@wayguard/contracts';

export const AGENT_RETRY = {
  slow_down: { status: 429, message: AGENT_MSG.slowDown },
  busy: { status: 503, message: AGENT_MSG.busy },
} as const;

export function sendRetryLater(reply: FastifyReply, code: keyof typeof AGENT_RETRY, retryAfterSeconds: number) {
  const { status, message } = AGENT_RETRY[code];
  return reply.code(status).header('retry-after', String(retryAfterSeconds)).send({
    success: false,
    error: message,
    error_message: message,
    error_code: code,
    retry_after: retryAfterSeconds,
  });
}
