/**
 * fast-check arbitraries of bad requests, derived from a route's own schema (zod 4 → JSON Schema):
 * a near-valid value (the route's sample or one generated from the schema) with a few mutations —
 * wrong types, missing fields, overlong strings, NUL bytes, lone surrogates, right-to-left marks,
 * huge numbers, arrays for scalars, __proto__ keys — or a broken body (truncated or malformed JSON,
 * invalid UTF-8, deep nesting, the wrong content type), broken query strings and path segments,
 * and, for multipart routes, hostile parts.
 */
import fc from 'fast-check';
import type { JsonSchema, RouteSchemas } from './schemas.js';
import type { Sample } from './policy.js';

// ---------------------------------------------------------------------------------------------
// Values

const LONG = [33, 65, 101, 257, 1025, 4097, 70_000];
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    'x\uD83D',
    '\uDE00x',
    '\u202Eevil\u202C',
    '\u200F\u200E\u2066\u2069',
    '\u200B\uFEFF',
    'e\u0301\u0301\u0301',
    '🛡️👨‍👩‍👧',
    '%00',
    '%',
    '../../../etc/passwd',
    "' OR '1'='1' --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '${jndi:ldap://x/a}',
    '{{7*7}}',
    '=HYPERLINK("http://x")',
    '\r\nSet-Cookie: wg_session=x',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x10',
    ' 1',
    '١٢٣',
    'true',
    'null',
    '[object Object]',
    '__proto__',
  ),
  fc
    .constantFrom(...LONG)
    .chain((n) => fc.constantFrom('a'.repeat(n), '\u202E'.repeat(n), 'é'.repeat(n), '\uD800'.repeat(n))),
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.string({ unit: 'grapheme', maxLength: 64 }),
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53 + 1,
    -(2 ** 53),
    1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

/** Any JSON value of the wrong kind, or a nasty one of the right kind. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.constantFrom(null, true, false, [], {}, [1, 2], { a: 1 }, [[[]]], [null], deep(60)),
  fc.jsonValue({ maxDepth: 3 }),
);

// ---------------------------------------------------------------------------------------------
// Valid-ish values from a JSON Schema

function bounds(s: JsonSchema) {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : s.minimum;
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : s.maximum;
  return { min, max };
}

export function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 8) return fc.jsonValue({ maxDepth: 2 });
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  if (alts.length > 0) return fc.oneof(...alts.map((a) => fromSchema(a, depth + 1)));
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...s, type }, depth + 1)));
  switch (types[0]) {
    case 'string': {
      if (s.format === 'email') return fc.emailAddress();
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern));
      const minLength = s.minLength ?? 0;
      const maxLength = Math.min(s.maxLength ?? 40, Math.max(minLength, 80));
      return fc.oneof(
        fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
        fc.string({ minLength, maxLength, unit: 'grapheme' }),
      );
    }
    case 'integer': {
      const { min, max } = bounds(s);
      return fc.integer({
        min: Math.max(min ?? -(2 ** 31), -(2 ** 31)),
        max: Math.min(max ?? 2 ** 31 - 1, 2 ** 31 - 1),
      });
    }
    case 'number': {
      const { min, max } = bounds(s);
      return fc.oneof(
        fc.integer({ min: Math.max(min ?? -1e6, -1e6), max: Math.min(max ?? 1e6, 1e6) }),
        fc.double({ min: min ?? -1e6, max: max ?? 1e6, noNaN: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(s.items, depth + 1), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 5, Math.max(s.minItems ?? 0, 8)),
      });
    case 'object': {
      const props = Object.entries(s.properties ?? {});
      if (props.length === 0) return fc.constant({});
      const model = Object.fromEntries(props.map(([k, v]) => [k, fromSchema(v, depth + 1)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in model) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------
// Mutations

type Path = (string | number)[];
type Mutation =
  | { op: 'set'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'wrap'; at: number }
  | { op: 'key'; at: number; key: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: nastyValue }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('wrap' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('key' as const),
      at: fc.nat(),
      key: fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'account_id', 'id', ''),
        fc.string({ maxLength: 12 }),
      ),
      value: fc.oneof(nastyValue, fc.constant({ polluted: true }), fc.constant({ prototype: { polluted: true } })),
    }),
  },
);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function paths(v: unknown, prefix: Path = [], out: Path[] = [], depth = 0): Path[] {
  out.push(prefix);
  if (depth > 6) return out;
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...prefix, i], out, depth + 1));
  else if (isObject(v)) for (const [k, x] of Object.entries(v)) paths(x, [...prefix, k], out, depth + 1);
  return out;
}

function getAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const p of path) v = isObject(v) || Array.isArray(v) ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}

/** Sets an own property, even one named __proto__ (as JSON.parse would). */
function defineOwn(o: Record<string | number, unknown> | unknown[], key: string | number, value: unknown) {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A fresh copy (generated values are shared between runs) whose __proto__ keys stay own properties. */
const copy = (v: unknown): unknown => (v === undefined ? undefined : (JSON.parse(JSON.stringify(v)) as unknown));

export function mutate(base: unknown, ms: Mutation[]): unknown {
  let root: unknown = copy(base);
  for (const m of ms) {
    const all = paths(root);
    const path = all[m.at % all.length] ?? [];
    const parentPath = path.slice(0, -1);
    const last = path[path.length - 1];
    const parent = getAt(root, parentPath);
    const replace = (value: unknown) => {
      if (path.length === 0) root = value;
      else if (isObject(parent) || Array.isArray(parent)) defineOwn(parent, last!, value);
    };
    switch (m.op) {
      case 'set':
        replace(copy(m.value));
        break;
      case 'wrap':
        replace([getAt(root, path)]);
        break;
      case 'delete':
        if (path.length === 0) root = undefined;
        else if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
        else if (isObject(parent)) delete parent[last as string];
        break;
      case 'key': {
        const target = getAt(root, path);
        if (isObject(target)) defineOwn(target, m.key, copy(m.value));
        else {
          const o: Record<string, unknown> = {};
          defineOwn(o, m.key, copy(m.value));
          replace(o);
        }
        break;
      }
    }
  }
  return root;
}

// ---------------------------------------------------------------------------------------------
// Cases

export type QueryPair = { k: string; v: string; raw?: boolean };
export type FuzzCase = {
  kind: 'json' | 'raw' | 'multipart';
  query: QueryPair[] | undefined;
  params: Record<string, string> | undefined;
  body: string | Buffer | undefined;
  contentType: string | undefined;
  withSession: boolean;
  /** What the case is, for the report. */
  label: string;
};

/** Percent-encodes like encodeURIComponent, but writes a lone surrogate as its (invalid) 3 UTF-8-like bytes. */
export function percentEncode(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

export function encodeQuery(pairs: QueryPair[] | undefined): string {
  if (!pairs || pairs.length === 0) return '';
  return `?${pairs.map((p) => (p.raw ? p.k : `${percentEncode(p.k)}=${percentEncode(p.v)}`)).join('&')}`;
}

const asQueryString = (v: unknown): string =>
  typeof v === 'string' ? v : v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Query pairs from an object: arrays repeat the key, nested objects are written as JSON text. */
function toPairs(v: unknown): QueryPair[] {
  if (!isObject(v)) return v === undefined ? [] : [{ k: asQueryString(v), v: '' }];
  return Object.entries(v).flatMap(([k, x]) =>
    Array.isArray(x) ? x.map((one) => ({ k, v: asQueryString(one) })) : [{ k, v: asQueryString(x) }],
  );
}

const rawQueryPart = fc.constantFrom(
  '%',
  '%zz',
  '%00=%00',
  '%ff=%fe',
  '%c0%af=1',
  '%ED%A0%80=1',
  '&&&',
  '=',
  '==',
  'a[b]=c',
  'a[]=1&a[]=2',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  `q=${'a'.repeat(9000)}`,
  'page=1&page=2&page=x',
  'id=1&id=2',
);

function queryCase(schema: JsonSchema | undefined, sampleQuery: Record<string, unknown> | undefined) {
  const base = fc.oneof(fc.constant(sampleQuery ?? {}), fromSchema(schema ?? { type: 'object' }));
  return fc
    .tuple(base, fc.array(mutation, { minLength: 0, maxLength: 3 }), fc.array(rawQueryPart, { maxLength: 2 }))
    .map(([b, ms, raw]) => [...toPairs(mutate(b, ms)), ...raw.map((r) => ({ k: r, v: '', raw: true }))]);
}

const brokenJson = (valid: string): string[] => [
  valid.slice(0, Math.max(1, Math.floor(valid.length / 2))),
  valid.slice(0, -1),
  `${valid}}`,
  `${valid}${valid}`,
  `\uFEFF${valid}`,
  '',
  ' ',
  '{',
  '[',
  '"',
  'nul',
  'tru',
  '{"a":}',
  '{,}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1} trailing',
  '1e999999',
  '-',
  '"\\u0000"',
  '"\\ud800"',
  '{"\\u0000":1}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `{"id":1,"id":"x","id":null}`,
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(3000) + '1' + '}'.repeat(3000),
  'null',
  '0',
  '"text"',
  '[]',
  'NaN',
];
const INVALID_UTF8 = [
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d]),
];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;;',
  'APPLICATION/JSON',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/octet-stream',
  '*/*',
];

/** A hostile multipart body over the route's form fields. */
function multipartCase(fields: readonly string[], sample: Sample | undefined) {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const part = fc.oneof(
    fc.record({
      name: fc.oneof(fc.constantFrom(...fields), nastyString),
      value: fc.oneof(
        fc.constantFrom(...Object.values(sample?.multipart?.fields ?? { x: 'valid value' })),
        nastyString,
      ),
      file: fc.constant(false),
    }),
    fc.record({
      name: fc.constantFrom('feedback_file[]', 'feedback_file', 'file', ''),
      value: fc.oneof(
        nastyString,
        fc.constantFrom('note.txt', 'a.png', 'x.pdf', 'evil.html', '../../x.png', 'a.png\u0000.exe', 'no-extension'),
      ),
      file: fc.constant(true),
      bytes: fc.oneof(
        fc.uint8Array({ maxLength: 2048 }),
        fc.constantFrom(
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
          new Uint8Array(Buffer.from('%PDF-1.4 garbage')),
          new Uint8Array(Buffer.from('GIF89a garbage')),
          new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>')),
          new Uint8Array(0),
        ),
      ),
      contentType: fc.constantFrom('text/plain', 'image/png', 'application/pdf', 'text/html', ''),
    }),
  );
  return fc
    .tuple(
      fc.array(part, { maxLength: 9 }),
      fc.constantFrom('none', 'no-end', 'bad-boundary', 'no-boundary', 'garbage', 'header-only'),
    )
    .map(([parts, breakage]) => {
      const chunks: Buffer[] = [];
      for (const p of parts) {
        const name = p.name.replace(/["\r\n]/g, '_');
        if ('bytes' in p && p.file) {
          const filename = p.value.replace(/["\r\n]/g, '_');
          chunks.push(
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
                (p.contentType ? `Content-Type: ${p.contentType}\r\n` : '') +
                '\r\n',
            ),
            Buffer.from(p.bytes),
            Buffer.from('\r\n'),
          );
        } else {
          chunks.push(
            Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${p.value}\r\n`),
          );
        }
      }
      if (breakage !== 'no-end') chunks.push(Buffer.from(`--${boundary}--\r\n`));
      let body = Buffer.concat(chunks);
      let type = `multipart/form-data; boundary=${boundary}`;
      if (breakage === 'bad-boundary') type = 'multipart/form-data; boundary=somethingElse';
      if (breakage === 'no-boundary') type = 'multipart/form-data';
      if (breakage === 'garbage') body = Buffer.concat([Buffer.from('garbage\r\n'), body]);
      if (breakage === 'header-only')
        body = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n`);
      return { body, type, label: `multipart ${parts.length} parts, ${breakage}` };
    });
}

export type RouteFuzzInput = {
  method: string;
  schemas: RouteSchemas;
  sample: Sample | undefined;
  multipartFields: readonly string[] | undefined;
  public: boolean;
  hasParams: boolean;
};

/** Every kind of bad request for one route. */
export function fuzzCase(r: RouteFuzzInput): fc.Arbitrary<FuzzCase> {
  const withBody = !['GET', 'HEAD'].includes(r.method);
  const session = r.public ? fc.boolean() : fc.constant(true);
  const query = queryCase(r.schemas.query, r.sample?.query);
  const noQuery = fc.constant<QueryPair[] | undefined>(undefined);
  const params = r.hasParams
    ? fc.dictionary(fc.constantFrom('id', 'serial'), fc.oneof(nastyString, fc.constant('1')), { maxKeys: 2 })
    : fc.constant(undefined);
  const kinds: fc.Arbitrary<FuzzCase>[] = [];

  if (!withBody) {
    kinds.push(
      fc.record({ query, params, withSession: session }).map((c) => ({
        kind: 'json' as const,
        ...c,
        body: undefined,
        contentType: undefined,
        label: 'query',
      })),
    );
    return fc.oneof(...kinds);
  }

  if (r.multipartFields) {
    kinds.push(
      fc
        .record({
          m: multipartCase(r.multipartFields, r.sample),
          withSession: session,
          query: fc.oneof(noQuery, query),
        })
        .map(({ m, withSession, query: q }) => ({
          kind: 'multipart' as const,
          query: q,
          params: undefined,
          body: m.body,
          contentType: m.type,
          withSession,
          label: m.label,
        })),
    );
  } else {
    const base = fc.oneof(
      { weight: 2, arbitrary: fc.constant(r.sample?.body ?? {}) },
      { weight: 2, arbitrary: fromSchema(r.schemas.body ?? { type: 'object' }) },
    );
    kinds.push(
      fc
        .record({
          base,
          ms: fc.array(mutation, { minLength: 0, maxLength: 4 }),
          query: fc.oneof(noQuery, query),
          params,
          withSession: session,
        })
        .map(({ base: b, ms, query: q, params: p, withSession }) => {
          const value = mutate(b, ms);
          return {
            kind: 'json' as const,
            query: q,
            params: p,
            body: value === undefined ? '' : JSON.stringify(value),
            contentType: 'application/json',
            withSession,
            label: `json, ${ms.length} mutations`,
          };
        }),
    );
  }
  // Broken bodies and content types, for every mutating route (multipart ones included).
  const valid = JSON.stringify(r.sample?.body ?? {});
  kinds.push(
    fc
      .record({
        body: fc.oneof(fc.constantFrom(...brokenJson(valid)), fc.constantFrom(...INVALID_UTF8)),
        contentType: fc.constantFrom(...CONTENT_TYPES),
        withSession: session,
      })
      .map((c) => ({ kind: 'raw' as const, query: undefined, params: undefined, ...c, label: 'raw body' })),
  );
  return fc.oneof(...kinds);
}
