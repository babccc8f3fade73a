/**
 * Characters no field may hold, answered 400 before validation (a preValidation hook registered for
 * the whole console API in app.ts) instead of failing in the database as a 500:
 * - U+0000: PostgreSQL text cannot hold it;
 * - lone UTF-16 surrogates: not Unicode text at all; PostgreSQL jsonb refuses their escapes, and text
 *   columns would silently store U+FFFD instead of what was sent.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors.js';

export const INVALID_CHARACTERS = 'The request contains characters that are not allowed';

// eslint-disable-next-line no-control-regex -- matching NUL is the point
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasForbidden(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return FORBIDDEN.test(value);
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => FORBIDDEN.test(k) || hasForbidden(v, depth + 1));
}

export async function rejectInvalidCharacters(request: FastifyRequest): Promise<void> {
  if (hasForbidden(request.query) || hasForbidden(request.body)) throw badRequest(INVALID_CHARACTERS);
}
