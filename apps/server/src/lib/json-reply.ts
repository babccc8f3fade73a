/**
 * Answers built typed by their contract and written by JSON.stringify, instead of being encoded again by
 * the route's response schema (fastify-type-provider-zod checks every field of every row: a tenth of a
 * list page's server time in bench:requests, bench:web-access and bench:devices). The route keeps its
 * schema for the OpenAPI document; each such route has a test that its answer is exactly what the schema
 * makes of it (no extra fields, the right types).
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendTyped<T>(reply: FastifyReply, body: T): FastifyReply {
  return reply.type(JSON_TYPE).serializer(JSON.stringify).send(body);
}

/**
 * An answer already written as JSON, sent as it is: bytes (e.g. kept by lib/lists/list-answers.ts) or a
 * stream of them (an export: lib/lists/xlsx-export.ts).
 */
export function sendJsonBytes(reply: FastifyReply, body: Buffer | Readable): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}
