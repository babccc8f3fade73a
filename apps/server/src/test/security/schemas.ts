/** A route's zod schemas as JSON Schema (input side), and the id fields found in them. */
import { z, type ZodType } from 'zod';
import type { RouteInfo } from './context.js';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

export function jsonSchemaOf(schema: ZodType | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export type RouteSchemas = { query?: JsonSchema; params?: JsonSchema; body?: JsonSchema };

export function routeSchemas(r: RouteInfo): RouteSchemas {
  const out: RouteSchemas = {};
  const q = jsonSchemaOf(r.querystring);
  const p = jsonSchemaOf(r.params);
  const b = jsonSchemaOf(r.body);
  if (q) out.query = q;
  if (p) out.params = p;
  if (b) out.body = b;
  return out;
}

export const isIdName = (name: string) =>
  name === 'id' || name.endsWith('_id') || name === 'ids' || name.endsWith('_ids');

/** Paths of every id field ('query.id', 'body.telephone.country_code_id', 'body.items[].id') and path parameter. */
export function idPaths(r: RouteInfo): string[] {
  const found = new Set<string>();
  const walk = (s: JsonSchema | undefined, path: string, depth: number) => {
    if (!s || depth > 12) return;
    for (const alt of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(alt, path, depth + 1);
    for (const [name, child] of Object.entries(s.properties ?? {})) {
      const p = `${path}.${name}`;
      if (isIdName(name)) found.add(p);
      walk(child, p, depth + 1);
    }
    if (s.items) walk(s.items, `${path}[]`, depth + 1);
    for (const item of s.prefixItems ?? []) walk(item, `${path}[]`, depth + 1);
  };
  const s = routeSchemas(r);
  walk(s.query, 'query', 0);
  walk(s.params, 'params', 0);
  walk(s.body, 'body', 0);
  // A path parameter always identifies something, whatever its name.
  for (const m of r.url.matchAll(/:([A-Za-z0-9_]+)/g)) found.add(`params.${m[1]}`);
  return [...found].sort();
}
