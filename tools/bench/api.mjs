// API overhead benchmark: requests/s and p99 of the console API against a bare Fastify route that
// returns a 25-row JSON page, measured in the same run on the same machine, so that the ratios hold
// whatever the machine. Starts both servers itself (the real one from apps/server/dist, on its own
// embedded PostgreSQL in a fresh ./data/bench with the demo data), signs in as the demo admin and
// loads each endpoint with autocannon: fixed connections and duration, after a warm-up.
// Run after `npm run build` (the server part is enough): npm run bench:api
// Env: PORT (real server, default 9202), EMBEDDED_PG_PORT (56202), BENCH_BARE_PORT (PORT+1000),
// BENCH_CONNECTIONS (10), BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (3), BENCH_CHECK=1 to exit
// non-zero when a target below is missed, BENCH_CPU_PROF=<dir> to profile the server.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';

const API = '/api/mobile/admin';
const PORT = Number(process.env.PORT ?? 9202);
const PG_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 56202);
const BARE_PORT = Number(process.env.BENCH_BARE_PORT ?? PORT + 1000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** The targets: share of the bare route's requests/s, and p99 in ms. */
const TARGETS = { stats: { ratio: 0.25 }, users: { ratio: 0.12, p99: 30 } };

// --- the reference: a bare Fastify route with a page of 25 rows shaped like the users list -------------
if (process.argv[2] === '--bare') {
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
  await app.listen({ port: BARE_PORT, host: '127.0.0.1' });
  process.send?.('ready');
  await new Promise(() => undefined);
}

// --- helpers ----------------------------------------------------------------------------------------
const children = [];
function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
}
process.on('exit', stopAll);
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

async function waitFor(url, seconds) {
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

function load(url, headers, seconds) {
  return autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
}

/** One measured run; any non-2xx answer spoils the figure, so it fails the run. */
async function measure(target) {
  const r = await load(target.url, target.headers, SECONDS);
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
    throw new Error(`${target.name}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/**
 * Each endpoint is warmed up, then measured in ROUNDS rounds that take turns, so that a burst of other
 * work on the machine hits every endpoint alike; each keeps its best round (the least disturbed one).
 */
async function measureAll(targets) {
  for (const t of targets) await load(t.url, t.headers, WARMUP);
  const best = new Map();
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const r = await measure(t);
      if (!best.has(t.name) || r.rps > best.get(t.name).rps) best.set(t.name, r);
    }
  }
  return targets.map((t) => ({ name: t.name, ...best.get(t.name) }));
}

// --- the run ------------------------------------------------------------------------------------------
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, 'data/bench');
rmSync(dataDir, { recursive: true, force: true });

const bare = spawn(process.execPath, [import.meta.filename, '--bare'], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, BENCH_BARE_PORT: String(BARE_PORT) },
});
children.push(bare);

// The server logs as in production (info, one line per request), to a file as a service manager would.
// BENCH_CPU_PROF=<dir> writes the server's CPU profile there (node --cpu-prof) for finding where time goes.
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
// BENCH_SERVER=<main.js> measures another build (e.g. a checkout of main) against the same bare route.
const main = process.env.BENCH_SERVER
  ? path.resolve(process.env.BENCH_SERVER)
  : path.join(root, 'apps/server/dist/main.js');
const server = spawn(process.execPath, [...profile, main], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(PG_PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
  },
});
children.push(server);
server.stdout.resume();

const base = `http://127.0.0.1:${PORT}`;
// A server that dies at start (a port in use) ends the run instead of leaving it waiting.
for (const c of children) c.once('exit', (code) => code && process.exit(1));
await Promise.all([once(bare, 'message'), waitFor(`${base}/api/health`, 120)]);

// Sign in as the demo admin. A public POST needs a CSRF header of any value (plugins/auth.ts).
const login = await fetch(`${base}${API}/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrf-token': 'bench' },
  body: JSON.stringify({ username: 'admin', password: 'DemoAdmin2026!' }),
});
const body = await login.json();
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .find((c) => c.startsWith('wg_session='));
if (!body.success || !cookie) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
const auth = { cookie, 'x-csrf-token': body.csrf_token };

// The admin has not accepted the Terms of Use: the API still answers (the web app asks for the answer).
const usersUrl = `${base}${API}/users?page=1&count=25&sort_by=username`;
const probe = await (await fetch(usersUrl, { headers: auth })).json();
if (!Array.isArray(probe.users) || probe.users.length !== 25)
  throw new Error(`unexpected /users: ${JSON.stringify(probe)}`);

console.log(
  `autocannon: ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${SECONDS}s per endpoint after ${WARMUP}s warm-up; ` +
    `the account lists ${probe.total_count} users`,
);
const results = await measureAll([
  { name: 'bare route (25 rows)', url: `http://127.0.0.1:${BARE_PORT}/bare`, headers: {} },
  { name: 'GET /api/health', url: `${base}/api/health`, headers: {} },
  { name: 'GET /stats', url: `${base}${API}/stats`, headers: auth },
  { name: 'GET /users page 1', url: usersUrl, headers: auth },
]);

const ref = results[0].rps;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);
console.log(`\n${pad('endpoint', 24)}${lpad('req/s', 9)}${lpad('ratio', 8)}${lpad('p50 ms', 8)}${lpad('p99 ms', 8)}`);
for (const r of results) {
  console.log(
    `${pad(r.name, 24)}${lpad(Math.round(r.rps), 9)}${lpad((r.rps / ref).toFixed(3), 8)}${lpad(r.p50, 8)}${lpad(r.p99, 8)}`,
  );
}

const [, , stats, users] = results;
const misses = [];
if (stats.rps / ref < TARGETS.stats.ratio) misses.push(`/stats ratio < ${TARGETS.stats.ratio}`);
if (users.rps / ref < TARGETS.users.ratio) misses.push(`/users ratio < ${TARGETS.users.ratio}`);
if (users.p99 >= TARGETS.users.p99) misses.push(`/users p99 >= ${TARGETS.users.p99} ms`);
console.log(misses.length ? `\ntargets missed: ${misses.join('; ')}` : '\nall targets met');

stopAll();
await Promise.all(children.map((c) => (c.exitCode === null ? once(c, 'exit') : null)));
if (misses.length && process.env.BENCH_CHECK === '1') process.exit(1);
