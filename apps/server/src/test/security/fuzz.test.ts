/**
 * Suite 5, bad input. Every route under /api/ (read from the route table) gets FUZZ_RUNS (default 200)
 * generated bad requests derived from its own schema (fuzz-cases.ts), plus fixed edge cases
 * (oversized body, each broken body), through one reused session. Each answer must be 2xx-4xx, never
 * 5xx, with the security headers, no internals and no other tenant's data. Some generated calls are
 * valid and succeed: that is fine. FUZZ_RUNS=10000 runs the long campaign; FUZZ_SEED replays one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  MARKER,
  answerProblems,
  createSecurityApp,
  deviceOf,
  providerSessionOf,
  send,
  sessionOf,
  type Method,
  type RouteInfo,
  type Session,
} from './context.js';
import { MULTIPART_FIELDS, PROVIDER_SAMPLES, SAMPLES } from './policy.js';
import { sampleCtx } from './requests.js';
import { routeSchemas } from './schemas.js';
import { encodeQuery, fuzzCase, percentEncode, type FuzzCase } from './fuzz-cases.js';
import { createDeviceRateLimiter } from '../../lib/device-rate-limits.js';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 200));
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const LONG_RUN = process.env.FUZZ_RUNS !== undefined;

// Built at collection time, so that each route gets its own test.
const blobDir = await mkdtemp(path.join(tmpdir(), 'wg-fuzz-blobs-'));
// Every case must reach its route's validation: no per-device rate limit (agent/device-limits.test.ts tests them).
const unlimited = Number.POSITIVE_INFINITY;
const t = await createSecurityApp(
  { BLOB_DIR: blobDir },
  {
    deviceRateLimiter: createDeviceRateLimiter({
      all: unlimited,
      asks: unlimited,
      events: unlimited,
      pages: unlimited,
    }),
  },
);
const ctx = await sampleCtx(t, 'admin', 'ben.hughes2');
let session: Session = await sessionOf(t, 'admin');
/** A device of the admin's account, enrolled through the API, for the device-facing routes. */
let agentDevice = await deviceOf(t, 'admin');
/** A review team session for the provider API's routes (issue 11), renewed like the console's. */
let providerSession = await providerSessionOf(t);
const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
const started = Date.now();

const targets = t.routes.filter(
  (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
);

type Stats = { cases: number; statuses: Record<number, number>; sessionRenewals: number; ms: number };
const stats = new Map<string, Stats>();

afterAll(async () => {
  if (LONG_RUN) {
    const total = [...stats.values()].reduce((n, s) => n + s.cases, 0);
    const statuses: Record<number, number> = {};
    for (const s of stats.values())
      for (const [code, n] of Object.entries(s.statuses)) statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
    console.log(
      `fuzz: ${total} cases over ${stats.size} routes in ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}`,
    );
    for (const [k, s] of stats)
      console.log(`  ${k}: ${s.cases} cases, ${(s.ms / 1000).toFixed(1)} s, ${JSON.stringify(s.statuses)}`);
  }
  await t.close();
  await rm(blobDir, { recursive: true, force: true });
});

function pathOf(r: RouteInfo, params: Record<string, string> | undefined): string {
  return r.url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => percentEncode(params?.[name] ?? '1'));
}

/** Sends one case (renewing the session once if the case itself ended it) and returns the answer's problems. */
async function runCase(r: RouteInfo, c: FuzzCase): Promise<{ problems: string[]; status: number }> {
  // Per-user limits (5 exports, 5 password checks a minute...) would otherwise turn every later case into a 429.
  await t.db.execute(sql`DELETE FROM rate_counters`);
  const request = () =>
    send(t.app, {
      method: r.method as Method,
      url: pathOf(r, c.params) + encodeQuery(c.query),
      session: c.withSession && !r.provider ? session : undefined,
      // Provider routes get past their guard with a review team session (its cookie and CSRF token).
      providerSession: c.withSession && r.provider ? providerSession : undefined,
      // Device routes get past their guard with a device's secret, so that their input is what is tried.
      headers: c.withSession && r.agent === 'device' ? { authorization: `Bearer ${agentDevice.secret}` } : {},
      body: c.body,
      contentType: c.contentType,
    });
  let res = await request();
  const s = stats.get(r.key)!;
  if (res.statusCode === 401 && c.withSession && !r.public && r.provider !== 'public') {
    // An earlier case logged out, declined the terms or changed the password: a new session, same case.
    // For a device route, an earlier case retired the device (POST /devices/retire, or revoking its
    // enrolment token with retire_devices): a newly enrolled device, same case.
    if (r.agent === 'device') agentDevice = await deviceOf(t, 'admin');
    else if (r.provider) providerSession = await providerSessionOf(t);
    else session = await sessionOf(t, 'admin');
    s.sessionRenewals++;
    res = await request();
  }
  s.cases++;
  s.statuses[res.statusCode] = (s.statuses[res.statusCode] ?? 0) + 1;
  const problems = answerProblems(res, { api: r.api || r.provider !== undefined });
  if (res.statusCode < 200 || res.statusCode >= 500) problems.push(`status ${res.statusCode}`);
  if (res.rawPayload.toString('latin1').includes(MARKER)) problems.push('another account’s data in the answer');
  return {
    problems: problems.map((p) => `${p} (${c.label}; answer ${res.statusCode} ${res.body.slice(0, 300)})`),
    status: res.statusCode,
  };
}

describe('generated bad input', () => {
  it('finds the routes to fuzz', () => {
    expect(targets.length).toBeGreaterThanOrEqual(30);
  });

  for (const r of targets) {
    it(`${r.key}: ${RUNS} cases, 4xx never 5xx`, { timeout: 60_000 + RUNS * 150 }, async () => {
      stats.set(r.key, { cases: 0, statuses: {}, sessionRenewals: 0, ms: 0 });
      const begin = Date.now();
      const sample = (SAMPLES[r.key] ?? PROVIDER_SAMPLES[r.key])?.(ctx);
      const arb = fuzzCase({
        method: r.method,
        schemas: routeSchemas(r),
        sample,
        multipartFields: r.multipart ? (MULTIPART_FIELDS[r.key] ?? []) : undefined,
        public: r.public || (!r.api && !r.provider) || r.provider === 'public',
        hasParams: r.url.includes(':'),
      });
      await fc.assert(
        fc.asyncProperty(arb, async (c) => {
          const { problems } = await runCase(r, c);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      stats.get(r.key)!.ms = Date.now() - begin;
      expect(stats.get(r.key)!.cases).toBeGreaterThanOrEqual(RUNS);
    });
  }
});

describe('fixed edge cases', () => {
  const mutating = () => targets.filter((r) => !['GET', 'HEAD'].includes(r.method));

  it('answer an oversized body with 413 (or the upload limit’s 400), never 5xx', async () => {
    for (const r of mutating()) {
      const limit = r.bodyLimit ?? 1_048_576;
      const c: FuzzCase = r.multipart
        ? {
            kind: 'multipart',
            query: undefined,
            params: undefined,
            body: Buffer.concat([
              Buffer.from('--b\r\nContent-Disposition: form-data; name="feedback_file[]"; filename="big.txt"\r\n\r\n'),
              Buffer.alloc(6 * 1024 * 1024, 0x61),
              Buffer.from('\r\n--b--\r\n'),
            ]),
            contentType: 'multipart/form-data; boundary=b',
            withSession: true,
            label: 'oversized upload',
          }
        : {
            kind: 'raw',
            query: undefined,
            params: undefined,
            body: JSON.stringify({ a: 'x'.repeat(limit + 10) }),
            contentType: 'application/json',
            withSession: !r.public,
            label: 'oversized body',
          };
      stats.set(r.key, stats.get(r.key) ?? { cases: 0, statuses: {}, sessionRenewals: 0, ms: 0 });
      const { problems, status } = await runCase(r, c);
      expect([r.key, problems]).toEqual([r.key, []]);
      expect([r.key, r.multipart ? [400, 413] : [413]]).toEqual([r.key, expect.arrayContaining([status])]);
    }
  });

  it('answer malformed JSON and a body of the wrong shape with 400 and the error shape', async () => {
    for (const r of mutating().filter((x) => !x.multipart && x.body !== undefined)) {
      for (const body of ['{"first_name":', '{"a":1', '[1,2]', '"text"', '{"__proto__":{"x":1}}']) {
        const c: FuzzCase = {
          kind: 'raw',
          query: undefined,
          params: undefined,
          body,
          contentType: 'application/json',
          withSession: !r.public,
          label: body,
        };
        const { problems, status } = await runCase(r, c);
        expect([r.key, body, problems, status]).toEqual([r.key, body, [], 400]);
      }
    }
  });

  it('leave Object.prototype as it was (no pollution through __proto__ or constructor keys)', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leave the fuzzing user able to work (the session is renewable and the account intact)', async () => {
    session = await sessionOf(t, 'admin');
    const res = await send(t.app, { method: 'GET', url: '/api/mobile/admin/registration_info', session });
    expect(res.statusCode).toBe(200);
  });
});
