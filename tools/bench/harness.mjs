// What the benchmarks share: the reference (a bare Fastify route answering a 25-row JSON page, in its
// own process), the built server on its own embedded PostgreSQL in a fresh data folder with the demo
// data, signing in, autocannon runs (warm-up, rounds that take turns, the best round kept), a run at a
// fixed rate for latency, the server's memory, and the results table. Each benchmark (api.mjs,
// devices.mjs) is its list of endpoints and targets on top of this. Run with `node harness.mjs --bare`
// this file is the bare route itself.
import { fork, spawn } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { serverNodeFlags } from '../server-node-flags.mjs';

export const API = '/api/mobile/admin';
export const AGENT = '/api/agent/v1';
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** The run's settings from the environment (BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_ROUNDS, BENCH_WARMUP_SECONDS). */
export function benchSettings(defaults = {}) {
  const num = (name, fallback) => Number(process.env[name] ?? fallback);
  return {
    connections: num('BENCH_CONNECTIONS', defaults.connections ?? 10),
    seconds: num('BENCH_SECONDS', defaults.seconds ?? 5),
    rounds: num('BENCH_ROUNDS', defaults.rounds ?? 3),
    warmup: num('BENCH_WARMUP_SECONDS', defaults.warmup ?? 3),
    check: process.env.BENCH_CHECK === '1',
  };
}

// --- the reference: a bare Fastify route with a page of 25 rows shaped like the users list -------------
if (process.argv[1] === import.meta.filename && process.argv[2] === '--bare') {
  const { default: Fastify } = await import('fastify');
  const rows = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    username: `user${i + 1}`,
    email_address: `user${i + 1}@northfield.example`,
    first_name: 'First',
    last_name: `Last${i + 1}`,
    type: 'Console User',
    status: 'Activated',
    last_active: 1_790_000_000 + i,
    date_created: 1_780_000_000 + i,
    created_by: 'admin',
    awaiting_activation: false,
    password_reset: false,
    deactivated: false,
    not_active_last_30_days: false,
    active_last_30_days: true,
    active_past_hour: false,
    failed_email_delivery: false,
  }));
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ users: rows, total_count: 90 }));
  await app.listen({ port: Number(process.env.BENCH_BARE_PORT), host: '127.0.0.1' });
  process.send?.('ready');
  await new Promise(() => undefined);
}

// --- processes ----------------------------------------------------------------------------------------
const children = [];
export function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('exit', stopAll);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** Stops the processes started here and waits for them. */
export async function finish() {
  stopAll();
  await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
}

export async function waitFor(url, seconds) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${seconds}s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The bare reference route in its own process; resolves with its URL once it listens. */
export async function startBare(port) {
  const bare = spawn(process.execPath, [import.meta.filename, '--bare'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_BARE_PORT: String(port) },
  });
  children.push(bare);
  bare.once('exit', (code) => code && process.exit(1));
  await once(bare, 'message');
  return `http://127.0.0.1:${port}/bare`;
}

/**
 * The built server (apps/server/dist/main.js, or BENCH_SERVER, with the node flags of `npm run serve`) on
 * its own embedded PostgreSQL in a fresh `data/<dataName>` (kept with BENCH_REUSE_DATA=1) with the demo
 * data, logging as in production: a line per request, to `data/<dataName>.log` (a file, as a log
 * collector would take them, not a pipe this process would have to drain between autocannon's
 * requests). BENCH_CPU_PROF=<dir> writes its CPU profile there. Resolves once /api/health answers:
 * { base, pid, pgUrl }.
 */
export async function startServer({ port, pgPort, dataName }) {
  const dataDir = path.join(ROOT, 'data', dataName);
  // BENCH_REUSE_DATA=1 keeps the data folder of the last run (see loadBenchDataOnce).
  if (process.env.BENCH_REUSE_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_NODE_FLAGS: more flags for the server's node (e.g. --trace-gc, whose lines go to its log).
  profile.push(...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []));
  const main = process.env.BENCH_SERVER
    ? path.resolve(process.env.BENCH_SERVER)
    : path.join(ROOT, 'apps/server/dist/main.js');
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const log = openSync(`${dataDir}.log`, 'w');
  const server = spawn(process.execPath, [...serverNodeFlags(), ...profile, main], {
    cwd: ROOT,
    stdio: ['ignore', log, 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
    },
  });
  children.push(server);
  closeSync(log);
  // A server that dies at start (a port in use) ends the run instead of leaving it waiting.
  server.once('exit', (code) => code && process.exit(1));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, 180);
  return { base, pid: server.pid, pgUrl: `postgres://wayguard:wayguard@127.0.0.1:${pgPort}/wayguard` };
}

/**
 * A benchmark's two processes side by side: the bare route and the built server (startServer), on the
 * ports of PORT, EMBEDDED_PG_PORT and BENCH_BARE_PORT (defaults: `port`, `pgPort`, port + 1000).
 * Resolves with { bareUrl, base, pid, pgUrl }.
 */
export async function startBench({ port, pgPort, dataName }) {
  const serverPort = Number(process.env.PORT ?? port);
  const barePort = Number(process.env.BENCH_BARE_PORT ?? serverPort + 1000);
  const [bareUrl, server] = await Promise.all([
    startBare(barePort),
    startServer({ port: serverPort, pgPort: Number(process.env.EMBEDDED_PG_PORT ?? pgPort), dataName }),
  ]);
  return { bareUrl, ...server };
}

/**
 * A connected client of the server's database for the bench data, and the ids of the demo's two accounts:
 * `northfield` (the school the benches sign in to) and `riverside` (its neighbour).
 */
export async function connectBenchDb(pgUrl) {
  const db = new pg.Client({ connectionString: pgUrl });
  await db.connect();
  const accountIdOf = async (name) => (await db.query('SELECT id FROM accounts WHERE name = $1', [name])).rows[0].id;
  return { db, northfield: await accountIdOf('Northfield Academy'), riverside: await accountIdOf('Riverside Family') };
}

/**
 * Checks a list before it is measured: page 1 of `pageUrl(page)` answers 25 rows (in `rowsKey`, by default
 * the path's name), and the deep page (page 1,000, or the last when the list is shorter) has rows. Answers
 * page 1's body, the deep page's number and its name in the results ('GET /requests page 1,000'), and
 * the `list` that listAtHalfRate measures.
 */
export async function probeList({ path, pageUrl, rowsKey = path.slice(1), headers }) {
  const probe = await fetch(pageUrl(1), { headers });
  if (probe.status !== 200) throw new Error(`GET ${path}: ${probe.status} ${await probe.text()}`);
  const probed = await probe.json();
  if (!Array.isArray(probed[rowsKey]) || probed[rowsKey].length !== 25)
    throw new Error(`unexpected ${path}: ${JSON.stringify(probed).slice(0, 300)}`);
  const far = Math.min(1000, Math.ceil(probed.total_count / 25));
  const farRows = (await (await fetch(pageUrl(far), { headers })).json())[rowsKey];
  if (!Array.isArray(farRows) || farRows.length === 0) throw new Error(`GET ${path} page ${far}: no rows`);
  const farName = `GET ${path} page ${far.toLocaleString('en-GB')}`;
  return { probed, far, farName, list: { name: `GET ${path} page 1`, pageUrl, far, farName, headers } };
}

/**
 * Runs `load` (a bench's bulk load of its data) and records `key` (the bench and its sizes) in the
 * database; with BENCH_REUSE_DATA=1 and `key` recorded by an earlier run in the kept data folder, skips
 * it (a bench run again on the same data takes minutes less). Answers whether it loaded.
 */
export async function loadBenchDataOnce(db, key, load) {
  await db.query('CREATE TABLE IF NOT EXISTS bench_data_loaded (key text PRIMARY KEY)');
  const loaded = (await db.query('SELECT key FROM bench_data_loaded')).rows.map((r) => r.key);
  if (process.env.BENCH_REUSE_DATA === '1' && loaded.length > 0) {
    if (!loaded.includes(key))
      throw new Error(`the kept data holds ${loaded.join(', ')}, not ${key}: run without BENCH_REUSE_DATA`);
    console.log(`bench data: reused (${key})`);
    return false;
  }
  await load();
  await db.query('INSERT INTO bench_data_loaded VALUES ($1)', [key]);
  return true;
}

/** The demo's school administrator (seed/demo), whom the benches sign in as: its password is here only. */
const DEMO_ADMIN = { username: 'admin', password: 'DemoAdmin2026!' };

/** Signs in on the console API as the demo's administrator; the headers a signed-in call sends. */
export const signInAdmin = (base) => signIn(base, DEMO_ADMIN.username, DEMO_ADMIN.password);

/** Signs in on the console API; the headers a signed-in call sends. */
export async function signIn(base, username, password) {
  // A public POST needs a CSRF header of any value (plugins/auth.ts).
  const login = await fetch(`${base}${API}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
    body: JSON.stringify({ username, password }),
  });
  const body = await login.json();
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('wg_session='));
  if (!body.success || !cookie) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return { cookie, 'x-csrf-token': body.csrf_token };
}

// --- load ----------------------------------------------------------------------------------------------

/**
 * A target: { name, url, headers?, method?, body?, setupRequest?, status?, client? }. `setupRequest(req)`
 * changes each request (autocannon's hook: another device's secret, a growing sequence number);
 * `status` is the answer class expected (default 2, i.e. 2xx; 3 for a 304 target). `client: 'http'`
 * loads it with node:http instead of autocannon, whose parser waits for the body of a 304 that
 * carries no Content-Length until the connection closes (http-parser-js): compare such a target with
 * the bare route loaded the same way.
 */
function load(target, s, seconds, extra = {}) {
  if (target.client === 'http') return httpLoad(target, s, seconds);
  const request = {
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.body !== undefined ? { body: target.body } : {}),
    ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}),
  };
  return autocannon({ url: target.url, connections: s.connections, duration: seconds, requests: [request], ...extra });
}

/** A closed loop per connection over keep-alive sockets, answered in autocannon's result shape. */
async function httpLoad(target, s, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: s.connections });
  const url = new URL(target.url);
  const latencies = [];
  const classes = [0, 0, 0, 0, 0];
  let errors = 0;
  const one = () =>
    new Promise((resolve) => {
      const base = { method: target.method ?? 'GET', headers: { ...target.headers }, body: target.body };
      const req = target.setupRequest ? target.setupRequest(base) : base;
      const began = process.hrtime.bigint();
      const r = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: req.method,
          headers: req.headers,
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - began) / 1e6);
            classes[Math.floor((res.statusCode ?? 500) / 100) - 1] += 1;
            resolve();
          });
        },
      );
      r.on('error', () => {
        errors += 1;
        resolve();
      });
      r.end(req.body);
    });
  const began = Date.now();
  const until = began + seconds * 1000;
  await Promise.all(
    Array.from({ length: s.connections }, async () => {
      while (Date.now() < until) await one();
    }),
  );
  const elapsed = (Date.now() - began) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    ...Object.fromEntries(classes.map((n, i) => [`${i + 1}xx`, n])),
    errors,
    timeouts: 0,
    requests: { average: latencies.length / elapsed },
    latency: { p50: at(0.5), p99: at(0.99) },
  };
}

/** One run; an answer of another class than expected spoils the figure, so it fails the run. */
async function measure(target, s, seconds, extra) {
  const r = await load(target, s, seconds, extra);
  const expected = target.status ?? 2;
  const classes = [1, 2, 3, 4, 5].map((c) => r[`${c}xx`] ?? 0);
  const wrong = classes.reduce((n, count, i) => (i + 1 === expected ? n : n + count), 0);
  if (wrong > 0 || r.errors > 0 || r.timeouts > 0 || classes[expected - 1] === 0) {
    throw new Error(
      `${target.name}: ${classes.map((n, i) => `${i + 1}xx ${n}`).join(', ')}, ${r.errors} errors, ${r.timeouts} timeouts`,
    );
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * Each target is warmed up, then measured in `rounds` rounds that take turns, so that a burst of other
 * work on the machine hits every target alike; each keeps its best round (the least disturbed one).
 */
export async function measureAll(targets, s) {
  for (const t of targets) await load(t, s, s.warmup);
  const best = new Map();
  for (let round = 0; round < s.rounds; round++) {
    for (const t of targets) {
      const r = await measure(t, s, s.seconds);
      if (!best.has(t.name) || r.rps > best.get(t.name).rps) best.set(t.name, r);
    }
  }
  return targets.map((t) => ({ name: t.name, ...best.get(t.name) }));
}

/**
 * Latency at a steady rate: requests sent at evenly spaced instants (open loop, over keep-alive sockets),
 * each timed from the instant it was due, so that a request held up by a slow one before it counts its
 * wait; after a warm-up at the same rate. autocannon's `overallRate` is not that: each connection sends
 * at full speed until its share of the second is used up, then waits for the next second, so its "half
 * rate" is bursts at the maximum rate, and its p99 that of a saturated server. The client is
 * paced-client.mjs, whose own cost per request is small beside the server's, run by paced-run.mjs in a
 * process of its own (its garbage collector does not mark this process's bench data). A warm-up, then
 * `s.rounds` rounds of `s.seconds`; the round with the lowest p99 is kept (every round is printed).
 * Rounds, as the autocannon runs have: on this shared 2-core machine the other processes' bursts only
 * ever add latency (the bare route itself showed p99s from 5 to 20 ms at 3,500/s from one round to the
 * next).
 */
export async function measureAtRate(target, s, rate) {
  const perSecond = Math.max(1, Math.round(rate));
  // BENCH_TRACE_SLOW_MS: prints when (ms since the run began) requests slower than that were due.
  const traceSlow = Number(process.env.BENCH_TRACE_SLOW_MS ?? 0);
  const child = fork(path.join(import.meta.dirname, 'paced-run.mjs'), [], { stdio: 'inherit' });
  const answer = once(child, 'message');
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the paced client stopped (exit ${code}) before it answered`);
  });
  child.send({ target, seconds: s.seconds, warmup: s.warmup, rounds: s.rounds, perSecond, traceSlow });
  const [{ rounds, wrong, slow, startedAt }] = await Promise.race([answer, exited]);
  child.kill();
  const name = `${target.name} @${perSecond}/s`;
  if (wrong > 0) throw new Error(`${name}: ${wrong} answers of another class than expected`);
  console.log(`${name}: p99 of each round ${rounds.map((r) => `${r.p99} ms`).join(', ')}`);
  if (traceSlow > 0) console.log(`slower than ${traceSlow} ms (due at:took, ms after ${startedAt}): ${slow.join(' ')}`);
  const best = rounds.reduce((a, b) => (b.p99 < a.p99 ? b : a));
  return { name, rps: perSecond, ...best };
}

/**
 * Latency without queueing: a list's page 1 (`name`) and its far page (probeList's `far` and `farName`)
 * again, each at half the rate it reached in `measured` ([page 1's result, the far page's]); answers the
 * two results.
 */
export async function listAtHalfRate({ name, pageUrl, far, farName, headers }, measured, s) {
  const targets = [
    { name, url: pageUrl(1), headers },
    { name: farName, url: pageUrl(far), headers },
  ];
  const results = [];
  for (const [i, target] of targets.entries()) results.push(await measureAtRate(target, s, measured[i].rps / 2));
  return results;
}

// --- reporting -----------------------------------------------------------------------------------------

const pad = (v, n) => String(v).padEnd(n);
const lpad = (v, n) => String(v).padStart(n);

/** Prints req/s, the ratio to the reference (`ref` req/s), p50 and p99 of each result. */
export function printResults(results, ref, width = 34) {
  console.log(
    `\n${pad('endpoint', width)}${lpad('req/s', 9)}${lpad('ratio', 8)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}`,
  );
  for (const r of results)
    console.log(
      `${pad(r.name, width)}${lpad(Math.round(r.rps), 9)}${lpad((r.rps / ref).toFixed(3), 8)}${lpad(r.p50, 8)}${lpad(r.p99, 8)}`,
    );
}

/** Prints the targets missed (or that all were met); with BENCH_CHECK=1 a miss ends the run with 1. */
export async function concludeTargets(misses, s) {
  console.log(misses.length ? `\ntargets missed: ${misses.join('; ')}` : '\nall targets met');
  await finish();
  if (misses.length && s.check) process.exit(1);
}

/** The misses of results at a paced rate whose p99 is `maxMs` or more. */
export const p99Misses = (results, maxMs) =>
  results.filter((r) => r.p99 >= maxMs).map((r) => `${r.name} p99 >= ${maxMs} ms`);

/**
 * The misses of an export (measureExport's answer) against `t.exportRssMb` (the server's memory growth)
 * and `t.exportFirstBytesMs` (streamed: its first bytes come while the rest is still being read from the
 * database).
 */
export function exportMisses({ growthMb, firstMs }, t) {
  const misses = [];
  if (growthMb >= t.exportRssMb) misses.push(`export RSS growth >= ${t.exportRssMb} MB`);
  if (firstMs >= t.exportFirstBytesMs) misses.push(`export's first bytes after >= ${t.exportFirstBytesMs} ms`);
  return misses;
}

/**
 * After a bulk load: a database that has held its rows a while has been vacuumed and checkpointed, so
 * the runs measure that, not the autovacuum and the checkpoint of freshly inserted rows running beside
 * them (they took the CPU that the p99 at half rate measures). `tables`: the bulk-loaded tables.
 */
export async function settleBulkLoad(db, tables) {
  await db.query(`VACUUM (ANALYZE) ${tables.join(', ')}`);
  await db.query('ANALYZE');
  await db.query('CHECKPOINT');
}

/**
 * Downloads an export (`url` with `headers`) while sampling the server's resident memory every 25 ms;
 * prints and answers its size, time, when its first bytes came (ms: a streamed export's come long before
 * its end) and the memory's growth over the download (MB).
 */
export async function measureExport({ pid, url, headers, label }) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 25);
  const began = Date.now();
  let bytes = 0;
  let status;
  let firstMs = 0;
  try {
    const res = await fetch(url, { headers });
    status = res.status;
    for await (const chunk of res.body) {
      if (bytes === 0) firstMs = Date.now() - began;
      bytes += chunk.length;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssOf(pid));
  if (status !== 200) throw new Error(`${label}: ${status}`);
  const mb = (n) => n / 1_048_576;
  const growthMb = mb(peak - before);
  console.log(
    `${label}: ${mb(bytes).toFixed(1)} MB in ${((Date.now() - began) / 1000).toFixed(1)} s (first bytes after ${firstMs} ms); ` +
      `server RSS ${mb(before).toFixed(0)} MB before, peak ${mb(peak).toFixed(0)} MB: growth ${growthMb.toFixed(0)} MB`,
  );
  return { bytes, growthMb, firstMs };
}

/** The resident memory of a process, in bytes (Linux: /proc/<pid>/status VmRSS). */
export function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}
