/**
 * Answers built typed by their contract and written by JSON.stringify, instead of being encoded again by
 * the route's response schema (fastify-type-provider-zod checks every field of every row: a tenth of a
 * list page's server time in bench:requests, bench:web-access and bench:devices). The route keeps its
 * schema for the OpenAPI document; each such route has a test that its answer is exactly what the schema
 * makes of it (no extra fields, the right types).
 *
 * A list whose rows PostgreSQL writes as JSON (each row's item as text, `json_build_object`) is answered
 * as text: its items are written in as they come, without being parsed into objects and encoded again
 * (docs/decisions.md "List rows written by PostgreSQL").
 */
import type { FastifyReply } from 'fastify';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function sendTyped<T>(reply: FastifyReply, body: T): FastifyReply {
  return reply.type(JSON_TYPE).serializer(JSON.stringify).send(body);
}

/** JSON text (an item PostgreSQL wrote), sent as it is. */
export type JsonText = string;

/** `{"<key>":[<items>],<rest>}`: the items written in as they are, the rest encoded. */
export function listBody(key: string, items: readonly JsonText[], rest: Record<string, unknown>): string {
  const tail = JSON.stringify(rest);
  return `{${JSON.stringify(key)}:[${items.join(',')}]${tail === '{}' ? '' : `,${tail.slice(1, -1)}`}}`;
}

/** Sends JSON text as the answer (no serializer: it is written as it is). */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_TYPE).send(text);
}
