import pg from 'pg';
const c = new pg.Client('postgres://wayguard:wayguard@127.0.0.1:56214/wayguard');
await c.connect();
await c.query('SET plan_cache_mode = force_generic_plan');
const r = await c.query(
  "EXPLAIN SELECT id FROM access_requests WHERE account_id = $1 AND lower(website || E'\\n' || title || E'\\n' || requester_name) LIKE $2 LIMIT 5",
  [1, '%site-08%'],
);
console.log(r.rows.map((x) => x['QUERY PLAN']).join('\n'));
await c.end();
