/**
 * Suite 3, tenant isolation, with both demo accounts filled (Northfield Academy and Riverside Family,
 * whose rows carry 'RIVERSIDE-MARKER'). Every id a route takes (query, params or body, found in its
 * zod schema) is mapped in policy.ts ID_FIELDS; for each one that names a tenant's row, an id of the
 * other account gets exactly the answer of an id that does not exist, changes nothing, and is audited
 * as a denied cross-account access. No list, search, detail or export (the XLSX decoded) shows the
 * Northfield admin a Riverside marker, while the Riverside admin does see them (so the search works).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { CROSS_ACCOUNT_DENIED } from '../../lib/audit.js';
import {
  CHURN,
  MARKER,
  accountId,
  apiRoutes,
  checksums,
  createSecurityApp,
  expectSafeAnswer,
  send,
  sessionOf,
  type SecurityApp,
  type Session,
} from './context.js';
import { ID_FIELDS, type IdRef, type Sample, type SampleCtx, type TenantEntity } from './policy.js';
import { requestOf, sampleCtx, sampleOf } from './requests.js';
import { idPaths, routeSchemas } from './schemas.js';

/**
 * Tenant-owned rows by entity: where to find one account's ids, an id no row has, and the audit
 * target type a denied access to one is recorded under.
 */
const CATALOGUE: Record<TenantEntity, { table: string; column: string; missing: number | string; target: string }> = {
  users: { table: 'users', column: 'id', missing: 2_000_000_000, target: 'user' },
  server_users: { table: 'server_users', column: 'id', missing: 2_000_000_000, target: 'server_user' },
  enrolment_tokens: { table: 'enrolment_tokens', column: 'id', missing: 2_000_000_000, target: 'enrolment_token' },
  // Routes carry a device's serial (with its type); a denied access is audited under the serial.
  devices: { table: 'devices', column: 'serial', missing: 'NOSUCHDEVICE0', target: 'device' },
  websites: { table: 'websites', column: 'id', missing: 2_000_000_000, target: 'website' },
  website_groups: { table: 'website_groups', column: 'id', missing: 2_000_000_000, target: 'website_group' },
  requests: { table: 'access_requests', column: 'id', missing: 2_000_000_000, target: 'access_request' },
  app_requests: { table: 'app_requests', column: 'id', missing: 2_000_000_000, target: 'app_request' },
  server_connections: {
    table: 'server_connections',
    column: 'id',
    missing: 2_000_000_000,
    target: 'server_connection',
  },
};

let t: SecurityApp;
let northfield: number;
let riverside: number;
const ids = new Map<string, (number | string)[]>();
beforeAll(async () => {
  t = await createSecurityApp();
  northfield = await accountId(t.db, 'Northfield Academy');
  riverside = await accountId(t.db, 'Riverside Family');
  for (const [entity, c] of Object.entries(CATALOGUE)) {
    for (const account of [northfield, riverside]) {
      const r = await t.db.execute<{ v: number | string }>(
        sql`SELECT ${sql.identifier(c.column)} AS v FROM ${sql.identifier(c.table)} WHERE account_id = ${account} ORDER BY 1`,
      );
      ids.set(
        `${entity}:${account}`,
        r.rows.map((x) => x.v),
      );
    }
  }
});
afterAll(async () => t.close());

const isTenant = (ref: IdRef): ref is { tenant: TenantEntity } => 'tenant' in ref;

/** A copy of the sample with the value at `path` ('body.id', 'query.id', 'body.items[].id') replaced. */
function withId(sample: Sample, path: string, value: number | string): Sample {
  const copy = structuredClone(sample) as Record<string, unknown>;
  const [root, ...rest] = path.split('.');
  const key = root === 'query' ? 'query' : root === 'params' ? 'params' : 'body';
  copy[key] ??= {};
  let node = copy[key] as Record<string, unknown>;
  rest.forEach((part, i) => {
    const last = i === rest.length - 1;
    const name = part.replace(/\[\]$/, '');
    const isArray = part.endsWith('[]');
    if (last) {
      // An id list ('ids', '*_ids', or an array in the sample, such as POST /requests' id[]) gets a list of one.
      const list = name === 'ids' || name.endsWith('_ids') || Array.isArray(node[name]);
      node[name] = list ? [value] : key === 'params' ? String(value) : value;
      return;
    }
    if (isArray) {
      const arr = Array.isArray(node[name]) ? (node[name] as Record<string, unknown>[]) : [{}];
      node[name] = arr;
      node = arr[0] ?? {};
    } else {
      node[name] = (node[name] as Record<string, unknown> | undefined) ?? {};
      node = node[name] as Record<string, unknown>;
    }
  });
  return copy as Sample;
}

async function auditCount(): Promise<{ max: number }> {
  const r = await t.db.execute<{ max: number | null }>(sql`SELECT max(id) AS max FROM audit_events`);
  return { max: Number(r.rows[0]?.max ?? 0) };
}
async function auditSince(max: number) {
  const r = await t.db.execute<{
    action: string;
    account_id: number | null;
    actor_user_id: number | null;
    target_type: string | null;
    target_id: string | null;
  }>(
    sql`SELECT action, account_id, actor_user_id, target_type, target_id FROM audit_events WHERE id > ${max} ORDER BY id`,
  );
  return r.rows;
}
const NO_AUDIT = { ...CHURN, skipTables: [...CHURN.skipTables, 'audit_events'] };

describe('id inventory', () => {
  it('maps every id field of every route, and only fields that exist', () => {
    const problems: string[] = [];
    for (const r of apiRoutes(t.routes)) {
      const found = idPaths(r);
      const mapped = ID_FIELDS[r.key] ?? {};
      for (const p of found) if (!mapped[p]) problems.push(`${r.key} ${p}: not in ID_FIELDS (test/security/policy.ts)`);
      for (const p of Object.keys(mapped))
        if (!found.includes(p)) problems.push(`${r.key} ${p}: in ID_FIELDS, not in schema`);
    }
    expect(problems).toEqual([]);
  });

  it('has Riverside and Northfield rows of every tenant entity a route takes', () => {
    const used = new Set(
      Object.values(ID_FIELDS)
        .flatMap((m) => Object.values(m))
        .filter(isTenant)
        .map((m) => m.tenant),
    );
    expect(used.size).toBeGreaterThan(0);
    for (const e of used) {
      expect([e, (ids.get(`${e}:${riverside}`) ?? []).length > 0]).toEqual([e, true]);
      expect([e, (ids.get(`${e}:${northfield}`) ?? []).length > 0]).toEqual([e, true]);
    }
  });
});

type Direction = { label: string; actor: string; target: string; own: number; other: number };

describe.each<Direction>([
  { label: 'Northfield admin, Riverside ids', actor: 'admin', target: 'ben.hughes2', own: 0, other: 1 },
  { label: 'Riverside admin, Northfield ids', actor: 'family', target: 'riverside-parent', own: 1, other: 0 },
])('$label', (d) => {
  let session: Session;
  let ctx: SampleCtx;
  let ownAccount: number;
  let otherAccount: number;
  beforeAll(async () => {
    session = await sessionOf(t, d.actor);
    ctx = await sampleCtx(t, d.actor, d.target);
    [ownAccount, otherAccount] = d.own === 0 ? [northfield, riverside] : [riverside, northfield];
  });

  const tenantFields = () =>
    apiRoutes(t.routes).flatMap((r) =>
      Object.entries(ID_FIELDS[r.key] ?? {})
        .filter((e): e is [string, { tenant: TenantEntity }] => isTenant(e[1]))
        .map(([path, ref]) => ({ r, path, entity: ref.tenant })),
    );

  // A sweep over every route with a tenant id: minutes on a loaded 2-core machine, not the 30 s of one call.
  it('answers another account’s id exactly like a missing one, changes nothing, and audits the attempt', async () => {
    const fields = tenantFields();
    expect(fields.length).toBeGreaterThanOrEqual(6);
    for (const { r, path, entity } of fields) {
      const c = CATALOGUE[entity];
      const base = sampleOf(r, ctx);
      // Up to three ids of the other account (all of Riverside's).
      const foreign = (ids.get(`${entity}:${otherAccount}`) ?? []).slice(0, 3);
      for (const id of foreign) {
        const label = `${r.key} ${path}=${String(id)}`;
        const before = await checksums(t.db, NO_AUDIT);
        const mark = await auditCount();
        const cross = await send(t.app, requestOf(r, withId(base, path, id), session));
        const crossAudit = await auditSince(mark.max);
        const mark2 = await auditCount();
        const missing = await send(t.app, requestOf(r, withId(base, path, c.missing), session));
        const missingAudit = await auditSince(mark2.max);
        expect(await checksums(t.db, NO_AUDIT), `${label} changed data`).toEqual(before);
        expectSafeAnswer(label, cross, { api: true });
        // The same status, headers that matter, and body, byte for byte.
        expect([label, cross.statusCode, cross.headers['content-type'], cross.body]).toEqual([
          label,
          missing.statusCode,
          missing.headers['content-type'],
          missing.body,
        ]);
        expect([label, cross.statusCode]).toEqual([label, 404]);
        expect([label, crossAudit]).toEqual([
          label,
          [
            {
              action: CROSS_ACCOUNT_DENIED,
              account_id: ownAccount,
              actor_user_id: session.userId,
              target_type: c.target,
              target_id: String(id),
            },
          ],
        ]);
        expect([label, missingAudit.filter((a) => a.action === CROSS_ACCOUNT_DENIED)]).toEqual([label, []]);
      }
      // Control: the sample with the account's own id is answered differently (the test is not vacuous).
      const own = await send(t.app, requestOf(r, base, session));
      const missing = await send(t.app, requestOf(r, withId(base, path, c.missing), session));
      expect([r.key, path, own.statusCode === missing.statusCode && own.body === missing.body]).toEqual([
        r.key,
        path,
        false,
      ]);
    }
  }, 180_000);
});

/** All text of an XLSX export (every cell of every sheet, and the sheet names). */
async function xlsxText(res: LightMyRequestResponse): Promise<string | null> {
  let body: { content?: unknown; filename?: unknown };
  try {
    body = res.json();
  } catch {
    return null;
  }
  if (typeof body?.content !== 'string' || typeof body.filename !== 'string' || !body.filename.endsWith('.xlsx'))
    return null;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(body.content, 'base64') as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => {
    out.push(ws.name);
    ws.eachRow((row) => row.eachCell((cell) => out.push(cell.text)));
  });
  return out.join('\n');
}

describe('markers', () => {
  const SEARCHES = ['RIVERSIDE', 'riverside', 'MARKER', 'Rivers', 'kid', 'family', 'RF-300871', 'parent'];

  /** Every GET route's sample, and for routes with a `query` search field, each search; marker hits per route. */
  async function markerHits(actor: string, target: string): Promise<Set<string>> {
    const session = await sessionOf(t, actor);
    const ctx = await sampleCtx(t, actor, target);
    const hits = new Set<string>();
    for (const r of apiRoutes(t.routes).filter((x) => x.method === 'GET')) {
      const sample = sampleOf(r, ctx);
      const hasSearch = routeSchemas(r).query?.properties?.query !== undefined;
      const variants: Sample[] = [
        sample,
        ...(hasSearch ? SEARCHES.map((q) => ({ ...sample, query: { ...sample.query, query: q, count: 100 } })) : []),
      ];
      for (const v of variants) {
        // Rate limits (5 exports a minute) must not hide an answer from this search.
        await t.db.execute(sql`DELETE FROM rate_counters`);
        const res = await send(t.app, requestOf(r, v, session));
        expectSafeAnswer(r.key, res, { api: true });
        expect([r.key, res.statusCode === 429]).toEqual([r.key, false]);
        if (res.rawPayload.toString('latin1').includes(MARKER)) hits.add(r.key);
        if ((await xlsxText(res))?.includes(MARKER)) hits.add(`${r.key} (xlsx)`);
      }
    }
    return hits;
  }

  it('never appear in a list, search, detail or export of the Northfield admin', async () => {
    expect([...(await markerHits('admin', 'ben.hughes2'))]).toEqual([]);
  });

  it('do appear for the Riverside admin, in the list search and in the decoded export', async () => {
    const hits = await markerHits('family', 'riverside-parent');
    expect([...hits]).toEqual(expect.arrayContaining(['GET /users', 'GET /users/export (xlsx)']));
  });
});
