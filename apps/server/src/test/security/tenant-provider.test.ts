/**
 * The tenant suite for the provider's review team API (issue 25). The team stands outside every
 * account and reaches a thread of any account, but only through the queue: a thread no account gave
 * the team (state pending, status tech) is, to the team, as if it did not exist. Every id-bearing
 * field of every staff route is mapped here (the route table's zod schemas, as tenant.test.ts reads
 * the console's), and for each thread id field a thread outside the queue, of Northfield and of
 * Riverside, changes no row and shows nothing of the thread: its details answer byte for byte as a
 * missing id's; a decision on it answers 404 or, when the thread has left the queue, 409 with AC010's
 * text, which itself says 'does not exist or has already been processed' (a race between two members
 * must tell the loser that, docs/decisions/review-team.md "The review team across accounts (issue 25)"). A queued
 * thread answers otherwise.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROVIDER_BASE, PROVIDER_MSG } from '@wayguard/contracts';
import {
  CHURN,
  accountId,
  checksums,
  expectSafeAnswer,
  providerSessionOf,
  send,
  useSecurityApp,
  withQuery,
  type ProviderSessionRef,
  type RouteInfo,
  type SecurityApp,
} from './context.js';
import { idPaths } from './schemas.js';

let t: SecurityApp;
useSecurityApp((s) => {
  ({ t } = s);
});

/**
 * What each id-bearing field of a staff route names: a request thread of any account (reachable only
 * while queued), or a team member (the team is one, outside every account).
 */
const PROVIDER_ID_FIELDS: Readonly<Record<string, Readonly<Record<string, 'thread' | 'staff'>>>> = {
  [`GET ${PROVIDER_BASE}/queue/details`]: { 'query.id': 'thread' },
  [`POST ${PROVIDER_BASE}/decide`]: { 'body.id': 'thread' },
  [`POST ${PROVIDER_BASE}/team/deactivate`]: { 'body.id': 'staff' },
};

const staffRoutes = () =>
  t.routes.filter((r) => r.url.startsWith(`${PROVIDER_BASE}/`) && r.method !== 'HEAD' && r.provider === 'staff');

/** The thread routes' calls with `id` and `kind`; a decision is a denial with notes. */
function callWith(r: RouteInfo, staff: ProviderSessionRef, id: number, kind: 'website' | 'media' | 'app') {
  if (r.method === 'GET')
    return send(t.app, { method: 'GET', url: withQuery(r.url, { id, kind }), providerSession: staff });
  return send(t.app, {
    method: 'POST',
    url: r.url,
    providerSession: staff,
    body: JSON.stringify({ id, kind, decision: 'deny', notes: 'tenant suite' }),
  });
}

/** Threads of one account, outside or inside the queue, of each kind. */
async function threads(account: number, queued: boolean) {
  const where = queued ? sql`state = 'pending' AND status = 'tech'` : sql`NOT (state = 'pending' AND status = 'tech')`;
  const web = await t.db.execute<{ id: number; kind: 'website' | 'media' }>(
    sql`SELECT DISTINCT ON (kind) id, kind FROM access_requests WHERE account_id = ${account} AND ${where} ORDER BY kind, id`,
  );
  const app = await t.db.execute<{ id: number }>(
    sql`SELECT id FROM app_requests WHERE account_id = ${account} AND ${where} ORDER BY id LIMIT 1`,
  );
  return [...web.rows, ...app.rows.map((r) => ({ id: r.id, kind: 'app' as const }))];
}

async function missingId(kind: 'website' | 'media' | 'app'): Promise<number> {
  const table = kind === 'app' ? sql`app_requests` : sql`access_requests`;
  const r = await t.db.execute<{ max: number | null }>(sql`SELECT max(id) AS max FROM ${table}`);
  return Number(r.rows[0]?.max ?? 0) + 1000;
}

describe("the review team's API across accounts", () => {
  it('maps every id-bearing field of every staff route, and only fields that exist', () => {
    const problems: string[] = [];
    for (const r of staffRoutes()) {
      const found = idPaths(r);
      const mapped = PROVIDER_ID_FIELDS[r.key] ?? {};
      for (const p of found) if (!mapped[p]) problems.push(`${r.key} ${p}: not in PROVIDER_ID_FIELDS`);
      for (const p of Object.keys(mapped)) if (!found.includes(p)) problems.push(`${r.key} ${p}: not in the schema`);
    }
    expect(problems).toEqual([]);
  });

  it('shows nothing of a thread outside the queue, of either account (details as a missing id, a decision 404 or AC010), and changes nothing', async () => {
    const staff = await providerSessionOf(t);
    const northfield = await accountId(t.db, 'Northfield Academy');
    const riverside = await accountId(t.db, 'Riverside Family');
    const outside = [...(await threads(northfield, false)), ...(await threads(riverside, false))];
    // Both accounts have threads outside the queue, of every kind the routes take.
    expect(new Set(outside.map((o) => o.kind))).toEqual(new Set(['website', 'media', 'app']));
    const threadRoutes = staffRoutes().filter((r) => Object.values(PROVIDER_ID_FIELDS[r.key] ?? {}).includes('thread'));
    expect(threadRoutes.length).toBe(2);
    for (const r of threadRoutes) {
      for (const o of outside) {
        const missing = await callWith(r, staff, await missingId(o.kind), o.kind);
        const before = await checksums(t.db, CHURN);
        const res = await callWith(r, staff, o.id, o.kind);
        expectSafeAnswer(r.key, res, { api: true });
        if (r.method === 'GET')
          expect([r.key, o, res.statusCode, res.body]).toEqual([r.key, o, missing.statusCode, missing.body]);
        else {
          expect([r.key, o, missing.statusCode]).toEqual([r.key, o, 404]);
          expect([r.key, o, res.statusCode]).toEqual([r.key, o, expect.toBeOneOf([404, 409])]);
          const body = res.json() as { error: string };
          expect(res.statusCode === 404 ? body : body.error).toEqual(
            res.statusCode === 404 ? missing.json() : PROVIDER_MSG.alreadyDecided,
          );
        }
        expect(await checksums(t.db, CHURN)).toEqual(before);
      }
    }
  });

  it('answers a queued thread otherwise (the comparison above can tell)', async () => {
    const staff = await providerSessionOf(t);
    const northfield = await accountId(t.db, 'Northfield Academy');
    const [queued] = await threads(northfield, true);
    expect(queued).toBeDefined();
    const details = staffRoutes().find((r) => r.key === `GET ${PROVIDER_BASE}/queue/details`)!;
    const res = await callWith(details, staff, queued!.id, queued!.kind);
    const missing = await callWith(details, staff, await missingId(queued!.kind), queued!.kind);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toBe(missing.body);
  });
});
