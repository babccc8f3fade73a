// API overhead benchmark: requests/s and p99 of the console API against a bare Fastify route that
// returns a 25-row JSON page, measured in the same run on the same machine, so that the ratios hold
// whatever the machine. Starts both servers itself (harness.mjs: the real one from apps/server/dist, on
// its own embedded PostgreSQL in a fresh ./data/bench with the demo data), signs in as the demo admin
// and loads each endpoint with autocannon: fixed connections and duration, after a warm-up.
// Run after `npm run build` (the server part is enough): npm run bench:api
// Env: PORT (real server, default 9202), EMBEDDED_PG_PORT (56202), BENCH_BARE_PORT (PORT+1000),
// BENCH_CONNECTIONS (10), BENCH_SECONDS (5), BENCH_ROUNDS (3), BENCH_WARMUP_SECONDS (3), BENCH_CHECK=1 to exit
// non-zero when a target below is missed, BENCH_CPU_PROF=<dir> to profile the server.
import { API, benchSettings, concludeTargets, measureAll, printResults, signInAdmin, startBench } from './harness.mjs';

const settings = benchSettings();
/** The targets: share of the bare route's requests/s, and p99 in ms. */
const TARGETS = { stats: { ratio: 0.25 }, users: { ratio: 0.25, p99: 30 } };

const { bareUrl, base } = await startBench({ port: 9202, pgPort: 56202, dataName: 'bench' });
const auth = await signInAdmin(base);

// The admin has not accepted the Terms of Use: the API still answers (the web app asks for the answer).
const usersUrl = `${base}${API}/users?page=1&count=25&sort_by=username`;
const probe = await (await fetch(usersUrl, { headers: auth })).json();
if (!Array.isArray(probe.users) || probe.users.length !== 25)
  throw new Error(`unexpected /users: ${JSON.stringify(probe)}`);

console.log(
  `autocannon: ${settings.connections} connections, best of ${settings.rounds} rounds of ${settings.seconds}s per endpoint after ${settings.warmup}s warm-up; ` +
    `the account lists ${probe.total_count} users`,
);
const results = await measureAll(
  [
    { name: 'bare route (25 rows)', url: bareUrl },
    { name: 'GET /api/health', url: `${base}/api/health` },
    { name: 'GET /stats', url: `${base}${API}/stats`, headers: auth },
    { name: 'GET /users page 1', url: usersUrl, headers: auth },
  ],
  settings,
);
printResults(results, results[0].rps, 24);

const [bare, , stats, users] = results;
const misses = [];
if (stats.rps / bare.rps < TARGETS.stats.ratio) misses.push(`/stats ratio < ${TARGETS.stats.ratio}`);
if (users.rps / bare.rps < TARGETS.users.ratio) misses.push(`/users ratio < ${TARGETS.users.ratio}`);
if (users.p99 >= TARGETS.users.p99) misses.push(`/users p99 >= ${TARGETS.users.p99} ms`);
await concludeTargets(misses, settings);
