import type { FastifyRequest } from 'fastify';
import { hit } from './rate-limit.js';
import { tooManyRequests } from './http-errors.js';
import type { DbOrTx } from '../db/client.js';

/** Per-IP fixed-window limit; throws 429 with Retry-After once `limit` is passed. */
export async function limitByIp(
  db: DbOrTx,
  request: FastifyRequest,
  name: string,
  limit: number,
  windowSeconds = 60,
): Promise<void> {
  const w = await hit(db, `rl:${name}:${request.ip}`, windowSeconds);
  if (w.count > limit) throw tooManyRequests(w.retryAfterSeconds);
}
