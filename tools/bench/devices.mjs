// Devices benchmark: the devices list and export at scale and the device API's hot calls, against the
// bare Fastify route in the same run (harness.mjs). Puts 100,000 devices in the demo's Northfield
// account and 100,000 in its neighbour Riverside (bulk SQL: bench data, not the API's path), some with
// open alerts, each with a user, then measures:
//   - GET /devices page 1 and page 1,000 (the demo admin): req/s, p50, p99 and ratio to the bare route
//     (target: 0.12 each, page 1,000 no slower than 2x page 1), then p99 at half the best rate, paced
//     (target: under 30 ms);
//   - POST /api/agent/v1/checkin from 10,000 devices in turn, each with a growing sequence number, its
//     applied policy and a user (target: 0.20 of the bare route);
//   - GET /api/agent/v1/policy with If-None-Match of the current version: 304 (target: 0.25);
//   - GET /devices/export of the 100,000 devices while the server's resident memory is sampled
//     (target: growth < 150 MB).
// Run after `npm run build` (the server part is enough): npm run bench:devices
// Env: PORT (9212), EMBEDDED_PG_PORT (56212), BENCH_BARE_PORT (PORT+1000), BENCH_DEVICES (100000), the
// harness's BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_ROUNDS, BENCH_WARMUP_SECONDS, BENCH_CPU_PROF, and
// BENCH_CHECK=1 (exit 1 when a target is missed).
import { createHash } from 'node:crypto';
import { AGENT, API } from './harness.mjs';
import * as bench from './harness.mjs';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
/** Devices of Northfield's that the agent calls rotate over (each has a secret the bench knows). */
const AGENTS = 10_000;
const settings = bench.benchSettings();
const TARGETS = {
  list: 0.12,
  listP99Ms: 30,
  deepSlowdown: 2,
  checkin: 0.2,
  policy304: 0.25,
  exportRssMb: 150,
  exportFirstBytesMs: 1_000,
};

const secretOf = (i) => `bench_device_secret_${String(i).padStart(8, '0')}`;
const sha256 = (v) => createHash('sha256').update(v).digest('hex');

const server = await bench.startBench({ port: 9212, pgPort: 56212, dataName: 'bench-devices' });
const { bareUrl, base, pid } = server;

// --- bench data --------------------------------------------------------------------------------------
const { db, northfield, riverside } = await bench.connectBenchDb(server.pgUrl);
const began = Date.now();
const hashes = Array.from({ length: AGENTS }, (_, i) => sha256(secretOf(i)));

for (const [account, tag] of [
  [northfield, 'NFB'],
  [riverside, 'RFB'],
]) {
  // Names, kinds, systems, versions and last-online times spread over the sort keys; every 10th device
  // has never been online, every 50th is deactivated, but for the agents the bench calls as (a deactivated
  // device's calls are refused: issue 25).
  await db.query(
    `INSERT INTO devices (account_id, kind, serial, name, version, os, os_version, model_name, billed, registered,
       last_online, registered_date, deactivated_date, user_kind, user_ref_id, instance_id, agent_token_hash)
     SELECT $1::int, CASE WHEN g % 3 = 0 THEN 'mobile' ELSE 'machine' END,
       $2 || lpad(g::text, 7, '0'),
       CASE WHEN g % 3 = 0 THEN 'Tablet ' ELSE 'LAB-PC-' END || lpad(((g * 7919) % $3::int)::text, 7, '0'),
       CASE WHEN g % 3 = 0 THEN '3.8.' ELSE '5.14.' END || (g % 5)::text,
       CASE WHEN g % 3 = 0 THEN 'Android' ELSE 'Windows' END,
       CASE WHEN g % 3 = 0 THEN '14' ELSE '11' END,
       CASE WHEN g % 3 = 0 THEN 'Galaxy Tab A9' ELSE 'Latitude 3440' END,
       g % 17 <> 0, g % 29 <> 0,
       CASE WHEN g % 10 = 0 THEN NULL ELSE now() - make_interval(mins => (g * 37) % 100000) END,
       now() - make_interval(days => g % 700),
       CASE WHEN g % 50 = 0 AND NOT ($1::int = $4::int AND g <= $5::int) THEN now() - make_interval(days => g % 30) ELSE NULL END,
       NULL, NULL,
       CASE WHEN $1::int = $4::int AND g <= $5::int THEN 'bench-agent-' || g ELSE NULL END,
       CASE WHEN $1::int = $4::int AND g <= $5::int THEN ($6::text[])[g] ELSE NULL END
     FROM generate_series(1, $3::int) g`,
    [account, tag, DEVICES, northfield, AGENTS, hashes],
  );
  // Each device has a user (the account's first server or local users in turn), and its config.
  await db.query(
    `WITH u AS (SELECT id, type, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
                FROM server_users WHERE account_id = $1::int),
          d AS (SELECT id, row_number() OVER (ORDER BY id) AS n FROM devices
                WHERE account_id = $1::int AND serial LIKE $2 || '%')
     INSERT INTO device_users (account_id, device_id, user_kind, user_ref_id, last_active)
     SELECT $1::int, d.id, u.type, u.id, now() - make_interval(mins => (d.n * 13 % 5000)::int)
     FROM d JOIN u ON u.n = (d.n % u.total) + 1`,
    [account, tag],
  );
  await db.query(
    `UPDATE devices d SET user_kind = du.user_kind, user_ref_id = du.user_ref_id
     FROM device_users du WHERE du.device_id = d.id AND d.account_id = $1::int AND d.serial LIKE $2 || '%'`,
    [account, tag],
  );
  await db.query(
    `INSERT INTO device_configs (device_id, account_id, bool_settings)
     SELECT id, account_id, (SELECT bool_settings FROM device_configs c
                             WHERE c.account_id = $1::int ORDER BY device_id LIMIT 1)
     FROM devices WHERE account_id = $1::int AND serial LIKE $2 || '%'`,
    [account, tag],
  );
  // Open alerts: critical on every 97th device, important on every 31st.
  await db.query(
    `INSERT INTO device_alerts (account_id, device_id, code, group_id, severity, title, description, created_at)
     SELECT account_id, id, CASE WHEN id % 97 = 0 THEN 200 ELSE 301 END,
       CASE WHEN id % 97 = 0 THEN 'critical_warning' ELSE 'validation_failure' END,
       CASE WHEN id % 97 = 0 THEN 'critical' ELSE 'important' END,
       CASE WHEN id % 97 = 0 THEN 'Internet filter not responding' ELSE 'Licence validation failed' END,
       'Bench alert', now() - interval '1 day'
     FROM devices WHERE account_id = $1::int AND serial LIKE $2 || '%' AND (id % 97 = 0 OR id % 31 = 0)`,
    [account, tag],
  );
}
await bench.settleBulkLoad(db, ['devices', 'device_users', 'device_configs', 'device_alerts']);
console.log(`bench data: ${2 * DEVICES} devices in ${((Date.now() - began) / 1000).toFixed(1)} s`);

// The agents' policy version: computed once by the server (GET /policy), the same settings everywhere.
const agentAuth = (i) => ({ authorization: `Bearer ${secretOf(i)}` });
const first = await fetch(`${base}${AGENT}/policy`, { headers: agentAuth(0) });
if (first.status !== 200) throw new Error(`GET /policy: ${first.status} ${await first.text()}`);
const { version } = await first.json();
await db.query(
  `UPDATE device_configs SET policy_version = $1
   WHERE account_id = $2::int AND device_id IN (SELECT id FROM devices WHERE agent_token_hash IS NOT NULL)`,
  [version, northfield],
);
const user = (
  await db.query(`SELECT username, type FROM server_users WHERE account_id = $1 ORDER BY id LIMIT 1`, [northfield])
).rows[0];
await db.end();

// --- the console side ------------------------------------------------------------------------------------
const auth = await bench.signInAdmin(base);
const listUrl = (page) => `${base}${API}/devices?page=${page}&count=25&sort_by=name`;
// Page 1,000, or the last page of a shorter list.
const { probed, far, farName, list } = await bench.probeList({ path: '/devices', pageUrl: listUrl, headers: auth });

// --- the device side: each request another device, with its own growing sequence number -----------------
let turn = 0;
let seq = 0;
const nextAgent = () => turn++ % AGENTS;
const checkinTarget = {
  name: 'POST /checkin',
  url: `${base}${AGENT}/checkin`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  setupRequest: (req) => {
    const i = nextAgent();
    seq += 1;
    return {
      ...req,
      headers: { ...req.headers, ...agentAuth(i) },
      body: JSON.stringify({
        seq,
        agent_version: '5.14.2',
        applied_policy_version: version,
        users: [{ kind: user.type, username: user.username, last_active: Math.floor(Date.now() / 1000) }],
      }),
    };
  },
};
const policyTarget = {
  name: 'GET /policy (If-None-Match: 304)',
  client: 'http',
  url: `${base}${AGENT}/policy`,
  headers: { 'if-none-match': `"${version}"` },
  status: 3,
  setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...agentAuth(nextAgent()) } }),
};

console.log(
  `autocannon: ${settings.connections} connections, best of ${settings.rounds} rounds of ${settings.seconds}s per endpoint after ${settings.warmup}s warm-up; ` +
    `the admin's account lists ${probed.total_count} devices`,
);
const results = await bench.measureAll(
  [
    { name: 'bare route (25 rows)', url: bareUrl },
    { name: 'GET /devices page 1', url: listUrl(1), headers: auth },
    { name: farName, url: listUrl(far), headers: auth },
    checkinTarget,
    { name: 'bare route (node:http client)', url: bareUrl, client: 'http' },
    policyTarget,
  ],
  settings,
);
const [bare, page1, page1000, checkin, bareHttp, policy] = results;
const atHalfRate = await bench.listAtHalfRate(list, [page1, page1000], settings);
results.push(...atHalfRate);
bench.printResults(results, bare.rps);
console.log(
  `(${policy.name} is loaded with node:http, as autocannon cannot read a 304 without Content-Length: ` +
    `its ratio to the bare route loaded the same way is ${(policy.rps / bareHttp.rps).toFixed(3)})`,
);

// --- the export, with the server's memory sampled ---------------------------------------------------------
console.log('');
const exported = await bench.measureExport({
  pid,
  url: `${base}${API}/devices/export?sort_by=name`,
  headers: auth,
  label: 'GET /devices/export',
});

const misses = bench.p99Misses(atHalfRate, TARGETS.listP99Ms);
if (page1.rps / bare.rps < TARGETS.list) misses.push(`/devices page 1 ratio < ${TARGETS.list}`);
if (page1000.rps / bare.rps < TARGETS.list) misses.push(`${farName} ratio < ${TARGETS.list}`);
if (page1.rps / page1000.rps > TARGETS.deepSlowdown) misses.push(`${farName} over ${TARGETS.deepSlowdown}x page 1`);
if (checkin.rps / bare.rps < TARGETS.checkin) misses.push(`/checkin ratio < ${TARGETS.checkin}`);
if (policy.rps / bareHttp.rps < TARGETS.policy304) misses.push(`/policy 304 ratio < ${TARGETS.policy304}`);
misses.push(...bench.exportMisses(exported, TARGETS));
await bench.concludeTargets(misses, settings);
