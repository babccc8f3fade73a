/**
 * PostgreSQL text cannot hold U+0000: a NUL in any field would fail in the database (a 500). This
 * preValidation hook (registered for the whole console API in app.ts) answers 400 instead.
 */
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/http-errors.js';

export const INVALID_CHARACTERS = 'The request contains characters that are not allowed';

function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (hasNul(request.query) || hasNul(request.body)) throw badRequest(INVALID_CHARACTERS);
}
