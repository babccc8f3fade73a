// Web-access benchmark (issue 10 'Speed'): one account with 100,000 real websites (third-party-web's
// hosts, as the demo's catalogue) and about a million rules spread over neighbour accounts, against the
// bare Fastify route in the same run (harness.mjs). Measures:
//   - GET /node/web_access/websites/list page 1 for one device, each row decided with its explanation:
//     req/s, p50, p99 and ratio to the bare route (target: 0.10), then p99 at half its best rate, paced
//     (target: under 30 ms);
//   - "blocked only" (access_filters=blocked) over all 100,000: one request at a time, median of 7
//     (target: under 100 ms);
//   - the device's compiled policy: GET /api/agent/v1/policy after its version was cleared (computed and
//     stored), median of 7 (target: under 50 ms), and 304 to the version it then has.
// Run after `npm run build` (the server part is enough): npm run bench:web-access
// Env: PORT (9214), EMBEDDED_PG_PORT (56214), BENCH_BARE_PORT (PORT+1000), BENCH_WEBSITES (100000),
// BENCH_NEIGHBOURS (200 accounts of 5,000 rules), the harness's BENCH_CONNECTIONS, BENCH_SECONDS,
// BENCH_ROUNDS, BENCH_WARMUP_SECONDS, BENCH_CPU_PROF, and BENCH_CHECK=1 (exit 1 when a target is missed).
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { AGENT, API, ROOT } from './harness.mjs';
import * as bench from './harness.mjs';

const WEBSITES = Number(process.env.BENCH_WEBSITES ?? 100_000);
const NEIGHBOURS = Number(process.env.BENCH_NEIGHBOURS ?? 200);
const NEIGHBOUR_RULES = 5_000;
const settings = bench.benchSettings();
const TARGETS = { list: 0.1, listP99Ms: 30, blockedOnlyMs: 100, compileMs: 50 };
const SERIAL = 'NFPC1001';
const SECRET = 'bench_web_access_device_secret_0001';

const { catalogueHosts, websiteRows } = await import(
  pathToFileURL(path.join(ROOT, 'apps/server/dist/seed/web-catalogue.js')).href
);

const server = await bench.startBench({ port: 9214, pgPort: 56214, dataName: 'bench-web-access' });
const { bareUrl, base } = server;

// --- bench data --------------------------------------------------------------------------------------
const { db, northfield } = await bench.connectBenchDb(server.pgUrl);
const began = Date.now();

/** Inserts website rows (websiteRows' shape) in batches of 10,000 through unnest. */
async function insertWebsites(rows) {
  for (let i = 0; i < rows.length; i += 10_000) {
    const part = rows.slice(i, i + 10_000);
    const col = (k) => part.map((r) => r[k]);
    await db.query(
      `INSERT INTO websites (account_id, kind, name, url, pattern, match_mode, host, path, category_id)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
         $8::text[], $9::smallint[])
       ON CONFLICT DO NOTHING`,
      [
        col('accountId'),
        col('kind'),
        col('name'),
        col('url'),
        col('pattern'),
        col('matchMode'),
        col('host'),
        col('path'),
        col('categoryId'),
      ],
    );
  }
}

// Northfield: its demo websites topped up to WEBSITES (or a little more) with the catalogue's real hosts.
const have = Number(
  (await db.query(`SELECT count(*) FROM websites WHERE account_id = $1 AND kind = 'website'`, [northfield])).rows[0]
    .count,
);
const hosts = catalogueHosts();
await insertWebsites(websiteRows(northfield, hosts.slice(0, Math.max(0, WEBSITES - have + 3_000))));
// Its rules beside the demo's: 2,000 website rules at the account, and 20 at each of 500 other devices.
await db.query(
  `INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action, created_by_name)
   SELECT $1, 'account', 0, 'website', id, CASE WHEN id % 3 = 0 THEN 'ALLOW' ELSE 'BLOCK' END, 'bench'
   FROM websites WHERE account_id = $1 AND kind = 'website' AND id % 50 = 0 LIMIT 2000
   ON CONFLICT DO NOTHING`,
  [northfield],
);
await db.query(
  `INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action, created_by_name)
   SELECT $1, 'device', 1000000 + d, 'website', w.id, 'BLOCK', 'bench'
   FROM generate_series(1, 500) d
   CROSS JOIN LATERAL (SELECT id FROM websites WHERE account_id = $1 AND kind = 'website'
     ORDER BY id OFFSET (d * 37) % 90000 LIMIT 20) w
   ON CONFLICT DO NOTHING`,
  [northfield],
);

// Neighbour accounts: each with 500 websites and 5,000 rules over its devices and users.
const permissions = (await db.query('SELECT access_permissions FROM accounts WHERE id = $1', [northfield])).rows[0]
  .access_permissions;
const neighbours = (
  await db.query(
    `INSERT INTO accounts (name, account_number, access_permissions)
     SELECT 'Bench neighbour ' || g, 'BN-' || lpad(g::text, 6, '0'), $1::jsonb FROM generate_series(1, $2::int) g
     RETURNING id`,
    [JSON.stringify(permissions), NEIGHBOURS],
  )
).rows.map((r) => r.id);
for (const [n, account] of neighbours.entries())
  await insertWebsites(websiteRows(account, hosts.slice((n * 500) % 100_000, ((n * 500) % 100_000) + 500)));
await db.query(
  `INSERT INTO web_access_rules (account_id, scope_kind, user_kind, scope_id, subject_kind, subject_id, action, created_by_name)
   SELECT a.id, CASE WHEN g % 10 = 0 THEN 'user' ELSE 'device' END, CASE WHEN g % 10 = 0 THEN 'server' ELSE '' END,
     g / 10 + 1, CASE WHEN g % 7 = 0 THEN 'category' ELSE 'website' END,
     CASE WHEN g % 7 = 0 THEN 50 + g % 9 ELSE w.first + g % 500 END,
     CASE WHEN g % 4 = 0 THEN 'ALLOW' ELSE 'BLOCK' END, 'bench'
   FROM unnest($1::int[]) AS a(id)
   CROSS JOIN LATERAL (SELECT min(id) AS first FROM websites WHERE account_id = a.id) w
   CROSS JOIN generate_series(1, $2::int) g
   ON CONFLICT DO NOTHING`,
  [neighbours, NEIGHBOUR_RULES],
);
// The measured device answers the device API with a secret the bench knows.
const device = (
  await db.query(`UPDATE devices SET agent_token_hash = $1 WHERE account_id = $2 AND serial = $3 RETURNING id, kind`, [
    createHash('sha256').update(SECRET).digest('hex'),
    northfield,
    SERIAL,
  ])
).rows[0];
await bench.settleBulkLoad(db, ['websites', 'web_access_rules', 'accounts']);
const counts = (
  await db.query(
    `SELECT (SELECT count(*) FROM websites WHERE account_id = $1 AND kind = 'website') AS websites,
       (SELECT count(*) FROM web_access_rules) AS rules, (SELECT count(*) FROM web_access_rules WHERE account_id = $1) AS own`,
    [northfield],
  )
).rows[0];
console.log(
  `bench data in ${((Date.now() - began) / 1000).toFixed(1)} s: ${counts.websites} websites in the account, ` +
    `${counts.rules} rules in all (${counts.own} of the account's), ${NEIGHBOURS} neighbour accounts`,
);

// --- the console side ------------------------------------------------------------------------------------
const auth = await bench.signInAdmin(base);
const node = `id=${SERIAL}&type=${device.kind}`;
const listUrl = (extra = '') =>
  `${base}${API}/node/web_access/websites/list?${node}&page=1&count=25&sort_by=name${extra}`;
const probe = await fetch(listUrl(), { headers: auth });
if (probe.status !== 200) throw new Error(`websites list: ${probe.status} ${await probe.text()}`);
const probed = await probe.json();
if (probed.result.length !== 25 || probed.total_count < WEBSITES)
  throw new Error(`unexpected websites list: ${JSON.stringify(probed).slice(0, 300)}`);
if (!probed.result.every((r) => (r.explain_allow || r.explain_block).length > 0))
  throw new Error('a row without its explanation');

/** One request at a time, `n` times: the median and worst time in ms, and the last answer. */
async function timed(n, once) {
  const times = [];
  let last;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    last = await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(n / 2)], worst: times.at(-1), last };
}

const blocked = await timed(7, async () => {
  const r = await fetch(listUrl('&access_filters=blocked'), { headers: auth });
  if (r.status !== 200) throw new Error(`blocked only: ${r.status} ${await r.text()}`);
  return r.json();
});
console.log(
  `"blocked only" over ${counts.websites} websites: ${blocked.last.total_count} blocked; ` +
    `median ${blocked.median.toFixed(1)} ms, worst ${blocked.worst.toFixed(1)} ms`,
);

// --- the compiled policy -----------------------------------------------------------------------------------
const agentHeaders = { authorization: `Bearer ${SECRET}` };
const admin = new pg.Client({ connectionString: server.pgUrl });
await admin.connect();
const compile = await timed(7, async () => {
  await admin.query(`UPDATE device_configs SET policy_version = '' WHERE device_id = $1`, [device.id]);
  const r = await fetch(`${base}${AGENT}/policy`, { headers: agentHeaders });
  if (r.status !== 200) throw new Error(`policy: ${r.status} ${await r.text()}`);
  return r.json();
});
await admin.end();
await db.end();
const policy = compile.last;
const notModified = await fetch(`${base}${AGENT}/policy`, {
  headers: { ...agentHeaders, 'if-none-match': `"${policy.version}"` },
});
console.log(
  `compiled policy (${policy.web_access.rules.length} rules, ${policy.web_access.categorised.length} categorised websites, ` +
    `${JSON.stringify(policy).length} bytes): median ${compile.median.toFixed(1)} ms, worst ${compile.worst.toFixed(1)} ms; ` +
    `unchanged: ${notModified.status}`,
);

console.log(
  `\nautocannon: ${settings.connections} connections, best of ${settings.rounds} rounds of ${settings.seconds}s per endpoint after ${settings.warmup}s warm-up`,
);
const page = { name: 'websites list page 1 (device)', url: listUrl(), headers: auth };
const results = await bench.measureAll([{ name: 'bare route (25 rows)', url: bareUrl }, page], settings);
const [bare, list] = results;
results.push(await bench.measureAtRate(page, settings, list.rps / 2));
bench.printResults(results, bare.rps);

const misses = [];
const listAtRate = results.at(-1);
if (list.rps / bare.rps < TARGETS.list) misses.push(`websites list ratio < ${TARGETS.list}`);
if (listAtRate.p99 >= TARGETS.listP99Ms) misses.push(`websites list p99 at half rate >= ${TARGETS.listP99Ms} ms`);
if (blocked.median >= TARGETS.blockedOnlyMs) misses.push(`blocked only >= ${TARGETS.blockedOnlyMs} ms`);
if (compile.median >= TARGETS.compileMs) misses.push(`compiled policy >= ${TARGETS.compileMs} ms`);
if (notModified.status !== 304) misses.push(`policy not 304 when unchanged (${notModified.status})`);
await bench.concludeTargets(misses, settings);
