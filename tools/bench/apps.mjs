// Apps benchmark (issue 12 'Bad input, concurrency, speed'): the app request lists at scale against the
// bare Fastify route in the same run (harness.mjs). Puts BENCH_APPS (100,000) apps in the catalogue and
// as many app request threads in the demo's Northfield account (one per app; bulk SQL: bench data, not the
// device API's path), spread over states, statuses, requesters, devices and two years of dates, and
// BENCH_ASSIGNMENTS (10,000) assignments of its approved apps (to the teacher, whose tablets the Apps
// pages list, and to single mobiles), then measures with autocannon, as req/s, p50, p99 and the ratio to
// the bare route (target 0.12 each):
//   - GET /app_requests, pending for the administrator, page 1 and a deep page (page 1,000, or the last);
//   - GET /app_requests, the approved list (status all: both statuses merged) page 1;
//   - GET /devices/mobile_apps, the teacher's Apps page 1 (the account's approved apps, with their
//     assignments and installs);
// and, as a reference without a target, GET /stats (a signed-in call with one small query: the floor).
// Run: npm run bench:apps. Env: PORT (9218), EMBEDDED_PG_PORT (56218), BENCH_BARE_PORT (PORT+1000),
// BENCH_APPS, BENCH_ASSIGNMENTS, the harness's BENCH_CONNECTIONS, BENCH_SECONDS, BENCH_ROUNDS,
// BENCH_WARMUP_SECONDS, and BENCH_CHECK=1 (exit 1 when a target is missed).
import { API } from './harness.mjs';
import * as bench from './harness.mjs';

const APPS = Number(process.env.BENCH_APPS ?? 100_000);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 10_000);
const settings = bench.benchSettings();
const TARGETS = { list: 0.12 };

const server = await bench.startBench({ port: 9218, pgPort: 56218, dataName: 'bench-apps' });
const { bareUrl, base } = server;

// --- bench data --------------------------------------------------------------------------------------
const { db } = await bench.connectBenchDb(server.pgUrl);
const began = Date.now();
const account = (await db.query(`SELECT id FROM accounts WHERE name = 'Northfield Academy'`)).rows[0].id;
const teacher = (await db.query(`SELECT id FROM users WHERE username = 'teacher'`)).rows[0].id;
await bench.loadBenchDataOnce(db, `apps ${APPS} ${ASSIGNMENTS}`, async () => {
  await db.query(
    `INSERT INTO apps (package_name, name, vendor, classification, product_pricing, version, rating, description,
       is_admin_warning, is_external, is_prevent_autoassign)
     SELECT 'com.bench.app' || g, 'Bench App ' || lpad(((g::bigint * 7919) % $1::int)::text, 6, '0'),
       'Bench Studio ' || (g % 50), (ARRAY['Education', 'Games', 'Productivity', 'Social'])[1 + g % 4],
       (ARRAY['free', 'paid', 'free_with_in_app_purchases'])[1 + g % 3], '1.' || (g % 10) || '.0', '4.' || (g % 10),
       'A bench app.', g % 50 = 0, g % 70 = 0, g % 90 = 0
     FROM generate_series(1, $1::int) g`,
    [APPS],
  );
  // Of every 20 threads: 5 pending for the administrator, 1 pending with the provider's team, 8 approved,
  // 6 denied (one of them by the team).
  await db.query(
    `WITH d AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names
                FROM devices WHERE account_id = $1::int AND kind = 'mobile')
     INSERT INTO app_requests (account_id, app_id, title, package_name, state, status, requester_kind, requester_id,
       requester_name, requester_count, device_id, device_count, for_name, notes, reason, processor_name, processed_at,
       requested_at, last_asked_at, auto_assign)
     SELECT $1::int, a.id, a.name, a.package_name, s.state, s.status, 'user', $2::int, 'teacher', 1,
       d.ids[1 + g % cardinality(d.ids)], 1, d.names[1 + g % cardinality(d.ids)],
       CASE WHEN g % 4 = 0 THEN 'For class' END, CASE WHEN s.state = 'denied' THEN 'Not for school tablets' END,
       CASE WHEN s.state = 'pending' THEN NULL WHEN s.status = 'tech' THEN 'Wayguard Team' ELSE 'admin' END,
       CASE WHEN s.state = 'pending' THEN NULL ELSE now() - make_interval(mins => (g * 13) % 1000000) END,
       now() - make_interval(mins => (g * 17) % 1000000 + 60), now() - make_interval(mins => (g * 17) % 1000000 + 60),
       s.state = 'approved' AND g % 5 = 0
     FROM generate_series(1, $3::int) g
     JOIN apps a ON a.package_name = 'com.bench.app' || g
     CROSS JOIN d
     CROSS JOIN LATERAL (SELECT
       CASE WHEN g % 20 < 6 THEN 'pending' WHEN g % 20 < 14 THEN 'approved' ELSE 'denied' END AS state,
       CASE WHEN g % 20 IN (5, 19) THEN 'tech' ELSE 'admin' END AS status) s`,
    [account, teacher, APPS],
  );
  await db.query(
    `INSERT INTO app_request_asks (account_id, request_id, device_id, requester_kind, requester_id, requester_name,
       notes, client_request_id, asked_at)
     SELECT account_id, id, device_id, requester_kind, requester_id, requester_name, notes, 'bench-' || id, requested_at
     FROM app_requests WHERE account_id = $1::int AND package_name LIKE 'com.bench.app%'`,
    [account],
  );
  // Assignments of approved apps: two in three to the teacher, the others to single mobiles.
  await db.query(
    `WITH d AS (SELECT array_agg(id ORDER BY id) AS ids FROM devices WHERE account_id = $1::int AND kind = 'mobile'),
          r AS (SELECT app_id, row_number() OVER (ORDER BY id) AS n FROM app_requests
                WHERE account_id = $1::int AND state = 'approved' AND package_name LIKE 'com.bench.app%' LIMIT $3::int)
     INSERT INTO app_assignments (account_id, app_id, user_id, device_id, auto, assigned_on, assigned_by_id, assigned_by_name)
     SELECT $1::int, r.app_id, CASE WHEN r.n % 3 <> 0 THEN $2::int END,
       CASE WHEN r.n % 3 = 0 THEN d.ids[1 + r.n % cardinality(d.ids)] END, false, now() - make_interval(mins => r.n::int),
       NULL, 'admin'
     FROM r CROSS JOIN d`,
    [account, teacher, ASSIGNMENTS],
  );
  await bench.settleBulkLoad(db, ['apps', 'app_requests', 'app_request_asks', 'app_assignments']);
});
const counted = (await db.query(`SELECT count(*)::int AS n FROM app_assignments WHERE account_id = $1`, [account]))
  .rows[0].n;
console.log(
  `bench data: ${APPS} apps and app request threads, ${counted} assignments in ${((Date.now() - began) / 1000).toFixed(1)} s`,
);
await db.end();

// --- the console side ------------------------------------------------------------------------------------
const auth = await bench.signInAdmin(base);
const listUrl = (page, q = 'state=pending&status=admin') => `${base}${API}/app_requests?${q}&page=${page}&count=25`;
const approvedUrl = (page) => listUrl(page, 'state=approved&status=all');
const userAppsUrl = `${base}${API}/devices/mobile_apps?user_id=${teacher}&page=1&count=25`;
// Page 1,000, or the last page of a shorter list.
const { probed, far, farName } = await bench.probeList({
  path: '/app_requests',
  pageUrl: listUrl,
  rowsKey: 'requests',
  headers: auth,
});
const userApps = await fetch(userAppsUrl, { headers: auth });
if (userApps.status !== 200) throw new Error(`GET /devices/mobile_apps: ${userApps.status} ${await userApps.text()}`);

console.log(
  `autocannon: ${settings.connections} connections, best of ${settings.rounds} rounds of ${settings.seconds}s per endpoint after ${settings.warmup}s warm-up; ` +
    `the admin's pending apps: ${probed.total_count}, all app threads: ${
      probed.counts.total_pending_count + probed.counts.total_approved_count + probed.counts.total_denied_count
    }`,
);
const results = await bench.measureAll(
  [
    { name: 'bare route (25 rows)', url: bareUrl },
    { name: 'GET /app_requests page 1', url: listUrl(1), headers: auth },
    { name: farName, url: listUrl(far), headers: auth },
    { name: 'GET /app_requests approved page 1', url: approvedUrl(1), headers: auth },
    { name: 'GET /devices/mobile_apps (user) page 1', url: userAppsUrl, headers: auth },
    // Not a target: the server's floor for a signed-in call with one small query (the Requests menu's chips).
    { name: 'GET /stats (reference)', url: `${base}${API}/stats`, headers: auth },
  ],
  settings,
);
const [bare, ...measured] = results;
const lists = measured.slice(0, 4);
bench.printResults(results, bare.rps, 40);

const misses = [];
for (const r of lists) if (r.rps / bare.rps < TARGETS.list) misses.push(`${r.name} ratio < ${TARGETS.list}`);
await bench.concludeTargets(misses, settings);
