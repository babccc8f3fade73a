/**
 * The requests lists' fast paths answer what the plain path does (docs/decisions/requests.md
 * "Speed of the requests lists"): every page, read from its statement template, its ids first or from a remembered
 * start (lib/lists/page-anchors.ts), equals the same slice of the whole ordered list (the export's statement), for
 * every sort and direction of a single-status and a merged-status list, forwards, the same page again and jumps; a
 * change forgets the remembered starts. The counts kept by the triggers of migration 0015 (access_request_counts) equal
 * a plain count after every kind of change, and the list's and the menu's counts read them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  REQUEST_SORTS,
  requestsListQuery,
  requestsListResponse,
  type RequestActionResponse,
  type RequestsListQuery,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { listRequests, listSql, toItem, type RequestRow } from './repository.js';

let t: TestApp;
let admin: Session;
let nf: number;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  nf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows[0]!.id;
  // 120 website threads more in Northfield, with ties on every sort (requesters, devices, times repeat)
  // and, among the decided ones, threads with no processor or no processing time (null sort values).
  await t.db.execute(sql`
    WITH d AS (SELECT array_agg(id ORDER BY id) AS ids, array_agg(name ORDER BY id) AS names
               FROM devices WHERE account_id = ${nf})
    INSERT INTO access_requests (account_id, kind, state, status, website, title, subject_key, requester_kind,
      requester_name, association_type, association_id, device_id, for_name, processor_name, processed_at,
      requested_at, last_asked_at, expires_at, bookmarked)
    SELECT ${nf}, 'website', s.state, s.status, 'https://list-' || (g % 37) || '.example/', 'List ' || g,
      'list-' || g || '.example', 'server_user', 'pupil ' || (g % 7), 'machine', d.ids[1 + g % cardinality(d.ids)],
      d.ids[1 + g % cardinality(d.ids)], d.names[1 + g % cardinality(d.ids)],
      CASE WHEN s.state = 'pending' OR g % 9 = 0 THEN NULL ELSE 'admin ' || (g % 3) END,
      CASE WHEN s.state = 'pending' OR g % 13 = 0 THEN NULL
        ELSE ${now.toISOString()}::timestamptz - make_interval(hours => g % 11) END,
      ${now.toISOString()}::timestamptz - make_interval(hours => g % 17, secs => (g % 2) * 0.000123),
      ${now.toISOString()}::timestamptz - make_interval(hours => g % 17),
      CASE WHEN s.state = 'approved' AND g % 4 = 0 THEN ${now.toISOString()}::timestamptz + make_interval(hours => g % 60) END,
      s.state = 'approved' AND g % 5 = 0
    FROM generate_series(1, 120) g CROSS JOIN d
    CROSS JOIN LATERAL (SELECT CASE WHEN g % 3 = 0 THEN 'pending' WHEN g % 3 = 1 THEN 'approved' ELSE 'denied' END AS state,
      CASE WHEN g % 3 = 0 OR g % 4 = 0 THEN 'admin' ELSE 'tech' END AS status) s`);
});
afterAll(async () => t.close());

/** The query as the route parses it, with pages of 3 (below the contract's sizes, so that there are many). */
const parse = ({ count, ...query }: Record<string, string>): RequestsListQuery => ({
  ...requestsListQuery.parse(query),
  count: Number(count ?? 3),
});
/** The whole list in order: the export's statement, one plain ordered SELECT. */
const whole = async (q: RequestsListQuery) =>
  (await t.db.execute<RequestRow>(listSql(nf, q, now, null))).rows.map(toItem);
const plain = (q: RequestsListQuery) => listRequests(t.db, nf, q, now, Number.MAX_SAFE_INTEGER);
const sought = (q: RequestsListQuery) => listRequests(t.db, nf, q, now, 3);

const LISTS = [
  { type: 'website', state: 'pending', status: 'admin' },
  { type: 'website', state: 'approved', status: 'all' },
  { type: 'website', state: 'denied', status: 'all' },
] as const;

describe('pages of the requests lists', () => {
  it.each(
    LISTS.flatMap((list) =>
      [undefined, ...REQUEST_SORTS].flatMap((sort) =>
        [false, true].map((reverse) => [`${list.state}/${list.status}`, sort ?? 'default', reverse, list] as const),
      ),
    ),
  )('%s by %s, reversed %s: every page is the slice of the whole list', async (_n, sort, reverse, list) => {
    const base = {
      ...list,
      ...(sort === 'default' ? {} : { sort_by: sort, reverse_order: reverse ? '1' : '0' }),
    };
    const all = await whole(parse(base));
    const pages = Math.ceil(all.length / 3);
    expect(pages).toBeGreaterThan(6);
    const slice = (p: number) => all.slice((p - 1) * 3, p * 3);
    for (let p = 1; p <= pages; p++) {
      const q = parse({ ...base, page: String(p) });
      expect((await plain(q)).requests, `plain page ${p}`).toEqual(slice(p));
      expect((await sought(q)).requests, `page ${p}`).toEqual(slice(p));
    }
    for (const p of [pages, 2, 5, 3, pages - 1, 2, pages + 1])
      expect((await sought(parse({ ...base, page: String(p) }))).requests, `jump to ${p}`).toEqual(slice(p));
    // Past the end: no rows, and the counts the first page answers (read in its own statement then).
    const past = await sought(parse({ ...base, page: String(pages + 1) }));
    const first = await plain(parse({ ...base, page: '1' }));
    expect([past.total_count, past.counts]).toEqual([all.length, first.counts]);
  });

  it('filters (dates, search, media types, expiring, bookmarked) page and count as the plain list does', async () => {
    const from = Math.floor(now.getTime() / 1000) - 6 * 3600;
    const filtered: Record<string, string>[] = [
      { from: String(from) },
      { to: String(from) },
      { query: 'list-1' },
      { expiring: '1' },
      { bookmarked: '1' },
    ];
    for (const extra of filtered) {
      const base = { type: 'website', state: 'approved', status: 'all', ...extra };
      const all = await whole(parse(base));
      expect(all.length, JSON.stringify(extra)).toBeGreaterThan(3);
      const first = await sought(parse({ ...base, page: '1' }));
      expect(first.total_count).toBe(all.length);
      for (let p = 1; p <= Math.ceil(all.length / 3); p++)
        expect((await sought(parse({ ...base, page: String(p) }))).requests).toEqual(all.slice((p - 1) * 3, p * 3));
    }
  });

  it('answers JSON that is exactly the contract’s response (written without the schema’s serializer)', async () => {
    const queries: Record<string, string>[] = [
      { type: 'website', state: 'pending', status: 'admin' },
      { type: 'website', state: 'approved', status: 'all', count: '100' },
      { type: 'website', state: 'denied', status: 'all', query: 'list' },
      { type: 'media', state: 'pending', status: 'all' },
    ];
    for (const query of queries) {
      const res = await call(t.app, 'GET', '/requests', { session: admin, query });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body = res.json<Record<string, unknown>>();
      expect((body.requests as unknown[]).length).toBeGreaterThan(0);
      expect(requestsListResponse.parse(body)).toEqual(body);
    }
  });

  it('forgets where pages began when an administrator acts on a thread', async () => {
    const base = { type: 'website', state: 'pending', status: 'admin', sort_by: 'url' };
    const before = (await sought(parse({ ...base, page: '4' }))).requests;
    expect((await sought(parse({ ...base, page: '4' }))).requests).toEqual(before);
    const res = await call(t.app, 'POST', '/requests', {
      session: admin,
      payload: { type: 'website', id: [(await whole(parse(base)))[0]!.id], action: 'deny' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RequestActionResponse>()[0]).toMatchObject({ action: 'removed' });
    const after = (await sought(parse({ ...base, page: '4' }))).requests;
    expect(after).toEqual((await whole(parse(base))).slice(9, 12));
    expect(after).not.toEqual(before);
  });
});

/** Kept and counted threads per (account, kind, state, status) that differ. */
async function drift() {
  const r = await t.db.execute(sql`
    SELECT coalesce(k.account_id, c.account_id) AS account_id, coalesce(k.kind, c.kind) AS kind,
      coalesce(k.state, c.state) AS state, coalesce(k.status, c.status) AS status,
      coalesce(k.n, 0) AS kept, coalesce(c.n, 0) AS counted
    FROM access_request_counts k
    FULL JOIN (SELECT account_id, kind, state, status, count(*)::int AS n FROM access_requests GROUP BY 1, 2, 3, 4) c
      ON c.account_id = k.account_id AND c.kind = k.kind AND c.state = k.state AND c.status = k.status
    WHERE coalesce(k.n, 0) <> coalesce(c.n, 0)`);
  return r.rows;
}

describe('what the thread keeps of its asks', () => {
  it('its requester kinds are those of its asks, sorted (the seed made them through addAsk)', async () => {
    const r = await t.db.execute<{ id: number; kinds: string[] }>(sql`
      SELECT r.id, r.requester_kinds AS kinds FROM access_requests r
      WHERE r.requester_kinds IS DISTINCT FROM ARRAY(SELECT DISTINCT k.requester_kind FROM access_request_asks k
        WHERE k.account_id = r.account_id AND k.request_id = r.id AND k.requester_kind IS NOT NULL ORDER BY 1)`);
    expect(r.rows).toEqual([]);
    const kinds = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM access_requests WHERE cardinality(requester_kinds) > 0`,
    );
    expect(kinds.rows[0]!.n).toBeGreaterThan(5);
  });
});

describe('access_request_counts (kept by triggers)', () => {
  it('matches the threads after the seed, bulk inserts, actions, moves and deletes', async () => {
    expect(await drift()).toEqual([]);
    const pending = (await whole(parse({ type: 'website', state: 'pending', status: 'admin' }))).map((r) => r.id);
    const act = async (payload: Record<string, unknown>) => {
      const res = await call(t.app, 'POST', '/requests', { session: admin, payload: { type: 'website', ...payload } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RequestActionResponse>();
    };
    expect(await act({ id: pending.slice(0, 2), action: 'deny' })).toHaveLength(2);
    expect(await drift()).toEqual([]);
    const denied = (await whole(parse({ type: 'website', state: 'denied', status: 'admin' }))).map((r) => r.id);
    expect(await act({ id: [denied[0]], action: 'request_review', reason: 'please' })).toHaveLength(1);
    expect(await drift()).toEqual([]);
    await t.db.execute(sql`UPDATE access_requests SET kind = 'media' WHERE id = ${pending[2]!}`);
    await t.db.execute(sql`UPDATE access_requests SET title = 'renamed' WHERE account_id = ${nf}`);
    expect(await drift()).toEqual([]);
    await t.db.execute(sql`DELETE FROM access_requests WHERE id = ANY(${`{${pending.slice(3, 6).join(',')}}`}::int[])`);
    expect(await drift()).toEqual([]);
  });

  it('answers the list’s counts and the menu’s chips', async () => {
    const counted = async (filter: string) =>
      (
        await t.db.execute<{ n: number }>(
          sql.raw(`SELECT count(*)::int AS n FROM access_requests WHERE account_id = ${nf} AND ${filter}`),
        )
      ).rows[0]!.n;
    for (const type of ['website', 'media'] as const) {
      const { counts } = await plain(parse({ type, state: 'denied', status: 'all' }));
      expect(counts).toEqual({
        total_count: await counted(`kind = '${type}' AND state = 'denied'`),
        total_pending_admin_count: await counted(`kind = '${type}' AND state = 'pending' AND status = 'admin'`),
        total_pending_tech_count: await counted(`kind = '${type}' AND state = 'pending' AND status = 'tech'`),
        total_pending_count: await counted(`kind = '${type}' AND state = 'pending'`),
        total_approved_count: await counted(`kind = '${type}' AND state = 'approved'`),
        total_denied_count: await counted(`kind = '${type}' AND state = 'denied'`),
      });
    }
    const stats = await call(t.app, 'GET', '/stats', { session: admin });
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toMatchObject({
      website_requests: await counted(`kind = 'website' AND state = 'pending' AND status = 'admin'`),
      website_requests_tech: await counted(`kind = 'website' AND state = 'pending' AND status = 'tech'`),
      media_requests: await counted(`kind = 'media' AND state = 'pending' AND status = 'admin'`),
      media_requests_tech: await counted(`kind = 'media' AND state = 'pending' AND status = 'tech'`),
    });
  });
});
