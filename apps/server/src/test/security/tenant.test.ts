/**
 * Suite 3, tenant isolation, with both demo accounts filled (Northfield Academy and Riverside Family,
 * whose rows carry 'RIVERSIDE-MARKER'). Every id a route takes (query, params or body, found in its
 * zod schema) is mapped in policy.ts ID_FIELDS; for each one that names a tenant's row, an id of the
 * other account gets exactly the answer of an id that does not exist, changes nothing, and is audited
 * as a denied cross-account access. No list, search, detail or export (the XLSX decoded) shows the
 * Northfield admin a Riverside marker, while the Riverside admin does see them (so the search works).
 * Web-access nodes are tried cross-account as every node type (machine, mobile, server user), and the
 * app routes' package names, which are not called id, as well. The device API (issue 25): every device
 * route is called with a Northfield device's secret and, in each field that names another device's or
 * account's rows (policy.ts AGENT_ID_FIELDS: command ids, its ask and event ids, its Idempotency-Key,
 * package, server user and console user names), a Riverside device's value: nothing of Riverside's
 * changes, nothing of it shows, and the call is answered as one about the caller's own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { AGENT_BASE } from '@wayguard/contracts';
import { CROSS_ACCOUNT_DENIED } from '../../domain/access/audit.js';
import { queueCommand } from '../../domain/devices/device-commands.js';
import { sealText } from '../../lib/secret-box.js';
import { forgetAccountRules } from '../../domain/web-access/scope-rules.js';
import {
  CHURN,
  MARKER,
  accountId,
  apiRoutes,
  checksums,
  concretePath,
  createSecurityApp,
  deviceOf,
  expectSafeAnswer,
  withQuery,
  send,
  sessionOf,
  type RouteInfo,
  type SecurityApp,
  type Session,
} from './context.js';
import {
  AGENT_ID_FIELDS,
  AGENT_SAMPLES,
  FIELD_SAMPLES,
  ID_FIELDS,
  type AgentSample,
  type AgentSampleValues,
  type IdRef,
  type Sample,
  type SampleCtx,
  type TenantEntity,
} from './policy.js';
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

/** Another account's id answered as a missing one: a safe 404 with the same status, type and body, byte for byte. */
function expectAnsweredAsMissing(label: string, cross: LightMyRequestResponse, missing: LightMyRequestResponse) {
  expectSafeAnswer(label, cross, { api: true });
  expect([label, cross.statusCode, cross.headers['content-type'], cross.body]).toEqual([
    label,
    missing.statusCode,
    missing.headers['content-type'],
    missing.body,
  ]);
  expect([label, cross.statusCode]).toEqual([label, 404]);
}

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
      const base = FIELD_SAMPLES[r.key]?.[path]?.(ctx) ?? sampleOf(r, ctx);
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
        expectAnsweredAsMissing(label, cross, missing);
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

/** The answer without its server_time (every device answer sets it to now). */
const timeless = (res: LightMyRequestResponse) => res.body.replace(/"server_time":\d+/, '"server_time":0');

describe('web-access nodes of every type, and package names', () => {
  let session: Session;
  let ctx: SampleCtx;
  let riversideMobile: string;
  let riversideServerUser: number;
  let riversidePackage: string;
  beforeAll(async () => {
    session = await sessionOf(t, 'admin');
    ctx = await sampleCtx(t, 'admin', 'ben.hughes2');
    const mobile = await t.db.execute<{ serial: string }>(
      sql`SELECT serial FROM devices WHERE account_id = ${riverside} AND kind = 'mobile' ORDER BY serial LIMIT 1`,
    );
    const su = await t.db.execute<{ id: number }>(
      sql`SELECT id FROM server_users WHERE account_id = ${riverside} ORDER BY id LIMIT 1`,
    );
    // A package only Riverside asked for: its own device named it, with its own description.
    riversidePackage = `com.riverside.suite${Date.now()}`;
    const device = await deviceOf(t, 'family', undefined, 'mobile');
    const ask = await send(t.app, {
      method: 'POST',
      url: `${AGENT_BASE}/requests`,
      headers: { authorization: `Bearer ${device.secret}` },
      body: JSON.stringify({
        request_id: 'rv-suite-app',
        kind: 'app',
        app: { package_name: riversidePackage, name: `${MARKER} app`, source: 'Google Play Store' },
      }),
    });
    expect(ask.statusCode, ask.body).toBe(200);
    riversideMobile = mobile.rows[0]!.serial;
    riversideServerUser = su.rows[0]!.id;
  });

  /** The web-access routes whose sample names a node: its id field and its type field. */
  const nodeRoutes = () =>
    apiRoutes(t.routes).flatMap((r) => {
      const fields = idPaths(r);
      const id = fields.find((f) => f === 'query.id' || f === 'body.node_id');
      return r.url.includes('/node/web_access/') && id
        ? [{ r, id, type: id === 'query.id' ? 'query.type' : 'body.node_type' }]
        : [];
    });

  it('answers another account’s mobile or server user exactly like a missing one, for every node route', async () => {
    const routes = nodeRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const types = [
      { type: 'mobile', own: ctx.mobile, foreign: riversideMobile, missing: 'NOSUCHDEVICE0', target: 'device' },
      {
        type: 'server_user',
        own: String(ctx.serverUser),
        foreign: String(riversideServerUser),
        missing: '2000000000',
        target: 'server_user',
      },
    ];
    for (const { r, id, type } of routes) {
      for (const n of types) {
        const sample = (value: string) => withId(withId(sampleOf(r, ctx), type, n.type), id, value);
        const label = `${r.key} ${type}=${n.type} ${id}=${n.foreign}`;
        const before = await checksums(t.db, NO_AUDIT);
        const mark = await auditCount();
        const cross = await send(t.app, requestOf(r, sample(n.foreign), session));
        const crossAudit = await auditSince(mark.max);
        const missing = await send(t.app, requestOf(r, sample(n.missing), session));
        expect(await checksums(t.db, NO_AUDIT), `${label} changed data`).toEqual(before);
        expectAnsweredAsMissing(label, cross, missing);
        expect([label, crossAudit.map((a) => [a.action, a.target_type, a.target_id])]).toEqual([
          label,
          [[CROSS_ACCOUNT_DENIED, n.target, n.foreign]],
        ]);
        // Control: the account's own node of the type is answered otherwise.
        const own = await send(t.app, requestOf(r, sample(n.own), session));
        expect([label, own.statusCode === missing.statusCode && own.body === missing.body]).toEqual([label, false]);
      }
    }
  }, 180_000);

  it('answers a package only another account asked for exactly like an unknown one, changes nothing, and audits the attempt', async () => {
    const routes = apiRoutes(t.routes).filter((r) => /package_name/.test(JSON.stringify(routeSchemas(r))));
    expect(routes.map((r) => r.key).sort()).toEqual([
      'GET /app_requests/app',
      'POST /app_requests',
      'POST /app_requests/app',
    ]);
    for (const r of routes) {
      const base = sampleOf(r, ctx);
      const path = r.method === 'GET' ? 'query.package_name' : 'body.package_name';
      const label = `${r.key} ${path}=${riversidePackage}`;
      const before = await checksums(t.db, NO_AUDIT);
      const mark = await auditCount();
      const cross = await send(t.app, requestOf(r, withId(base, path, riversidePackage), session));
      const crossAudit = await auditSince(mark.max);
      const mark2 = await auditCount();
      const missing = await send(t.app, requestOf(r, withId(base, path, 'com.no.such.package'), session));
      const missingAudit = await auditSince(mark2.max);
      expect(await checksums(t.db, NO_AUDIT), `${label} changed data`).toEqual(before);
      // Audited as a denied cross-account access, as an id of another account's row is; the unknown one is not.
      expect([label, crossAudit.map((a) => [a.action, a.account_id, a.target_type, a.target_id])]).toEqual([
        label,
        [[CROSS_ACCOUNT_DENIED, northfield, 'app_package', riversidePackage]],
      ]);
      expect([label, missingAudit]).toEqual([label, []]);
      expectSafeAnswer(label, cross, { api: true });
      expect([label, cross.statusCode, cross.body]).toEqual([label, missing.statusCode, missing.body]);
      expect([label, cross.statusCode]).toEqual([label, 404]);
      expect(cross.body).not.toContain(MARKER);
    }
  }, 60_000);
});

describe('device API: a Northfield device with a Riverside device’s values', () => {
  type Device = { id: number; secret: string };
  let victim: AgentSampleValues;
  /** More of Riverside's values of a kind: its seeded asks' ids and a block-page ask's (`bp-<ticket id>`). */
  const more: Partial<Record<keyof AgentSampleValues, string[]>> = {};
  let riversideMachine: Device;
  let ownServerUser: string;
  let n = 0;
  /** The caller's own values, fresh each call (so that only the foreign value can make a call collide). */
  const own = (): AgentSampleValues => {
    n += 1;
    return {
      command: '2000000000',
      client_request_id: `nf-suite-ask-${n}`,
      event_id: `nf-suite-event-${n}`,
      idempotency_key: `nf-suite-key-${n}`,
      package_name: `com.northfield.suite${n}x${Date.now()}`,
      server_user_name: ownServerUser,
      console_user_name: 'ben.hughes2',
    };
  };
  const deviceRoutes = () => t.routes.filter((r) => r.agent === 'device' && r.method !== 'HEAD');
  const agentCall = (r: RouteInfo, d: Device, sample: AgentSample) =>
    send(t.app, {
      method: r.method,
      url: withQuery(concretePath(r.url, sample.params), sample.query),
      headers: { authorization: `Bearer ${d.secret}`, ...sample.headers },
      ...(r.method === 'GET' ? {} : { body: JSON.stringify(sample.body ?? {}) }),
    });
  /** md5 of each table's rows of an account (tables with account_id), and the catalogue's row of the foreign package. */
  const accountSums = async (account: number) => {
    const tables = (
      await t.db.execute<{ table_name: string }>(sql`SELECT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name = 'account_id' ORDER BY table_name`)
    ).rows.map((x) => x.table_name);
    const parts = tables.map(
      (name) =>
        sql`SELECT ${name}::text AS name, (SELECT md5(string_agg(to_jsonb(x)::text, E'\n' ORDER BY to_jsonb(x)::text))
          FROM ${sql.identifier(name)} x WHERE x.account_id = ${account}) AS sum`,
    );
    parts.push(
      sql`SELECT 'apps'::text, (SELECT md5(string_agg(to_jsonb(p)::text, '')) FROM apps p WHERE p.package_name = ${victim.package_name})`,
    );
    const r = await t.db.execute<{ name: string; sum: string | null }>(sql.join(parts, sql` UNION ALL `));
    return Object.fromEntries(r.rows.map((x) => [x.name, x.sum ?? 'empty']));
  };
  /** Links from a device's rows to users or server users of another account (there must be none). */
  const foreignLinks = async (deviceId: number) =>
    (
      await t.db.execute(sql`
        SELECT 1 FROM devices d JOIN users u ON d.user_kind = 'user' AND u.id = d.user_ref_id
          WHERE d.id = ${deviceId} AND u.account_id <> d.account_id
        UNION ALL SELECT 1 FROM devices d JOIN server_users s ON d.user_kind <> 'user' AND s.id = d.user_ref_id
          WHERE d.id = ${deviceId} AND s.account_id <> d.account_id
        UNION ALL SELECT 1 FROM device_users x JOIN users u ON x.user_kind = 'user' AND u.id = x.user_ref_id
          WHERE x.device_id = ${deviceId} AND u.account_id <> x.account_id
        UNION ALL SELECT 1 FROM device_users x JOIN server_users s ON x.user_kind <> 'user' AND s.id = x.user_ref_id
          WHERE x.device_id = ${deviceId} AND s.account_id <> x.account_id`)
    ).rows.length;

  beforeAll(async () => {
    ownServerUser = (
      await t.db.execute<{ username: string }>(
        sql`SELECT username FROM server_users WHERE account_id = ${northfield} AND type = 'server_user' ORDER BY id LIMIT 1`,
      )
    ).rows[0]!.username;
    // A server user of Riverside's (its demo has local users only) whose name Northfield has none of.
    const foreignServerUser = 'rv-suite-server-user';
    await t.db.execute(sql`INSERT INTO server_users (account_id, username, first_name, type, options)
      SELECT ${riverside}, ${foreignServerUser}, ${MARKER}, 'server_user', options FROM server_users
      WHERE account_id = ${riverside} ORDER BY id LIMIT 1`);
    riversideMachine = await deviceOf(t, 'family', undefined, 'machine');
    const riversideMobile = await deviceOf(t, 'family', undefined, 'mobile');
    victim = {
      command: '',
      client_request_id: 'rv-suite-ask-1',
      event_id: 'rv-suite-event-1',
      idempotency_key: 'rv-suite-key-1',
      package_name: `com.riverside.device${Date.now()}`,
      server_user_name: foreignServerUser,
      console_user_name: 'riverside-parent',
    };
    // Riverside's rows each foreign value names: an ask (under an Idempotency-Key), an event, a command.
    const asked = await agentCall(
      t.routes.find((r) => r.key === `POST ${AGENT_BASE}/requests`)!,
      riversideMobile,
      {
        body: {
          request_id: victim.client_request_id,
          kind: 'app',
          notes: `${MARKER} notes`,
          app: {
            package_name: victim.package_name,
            name: `${MARKER} app`,
            version: '6.6.6',
            source: 'Google Play Store',
          },
        },
        headers: { 'idempotency-key': victim.idempotency_key },
      },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const event = await agentCall(
      t.routes.find((r) => r.key === `POST ${AGENT_BASE}/events`)!,
      riversideMachine,
      {
        body: {
          events: [
            {
              event_id: victim.event_id,
              occurred: 1,
              code: 7,
              type: 'alert_raised',
              group_id: 'general_alert',
              title: `${MARKER} alert`,
            },
          ],
        },
      },
    );
    expect(event.statusCode, event.body).toBe(200);
    const { id } = await t.db.transaction((tx) =>
      queueCommand(tx, {
        accountId: riverside,
        deviceId: riversideMachine.id,
        type: 'set_password',
        payload: { password_sealed: sealText(t.config.SECRET_KEY, `${MARKER}-password`) },
        createdByName: 'security suite',
      }),
    );
    victim.command = String(id);
    // A block page of an address Riverside blocks on that machine, asked from: its ask id is bp-<ticket id>.
    const host = `rv-suite-${Date.now()}.example`;
    const site = await t.db.execute<{ id: number }>(sql`INSERT INTO websites (account_id, kind, name, url, pattern,
        match_mode, host, path) VALUES (${riverside}, 'website', ${host}, ${`https://${host}`}, ${host}, 'ends_with', ${host}, '/')
      RETURNING id`);
    await t.db
      .execute(sql`INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
      VALUES (${riverside}, 'device', ${riversideMachine.id}, 'website', ${site.rows[0]!.id}, 'BLOCK')`);
    // Written behind the rule writer's back: the kept rules must be told.
    forgetAccountRules(riverside);
    const page = await agentCall(
      t.routes.find((r) => r.key === `POST ${AGENT_BASE}/block-page`)!,
      riversideMachine,
      {
        body: { url: `https://${host}/` },
      },
    );
    expect(page.statusCode, page.body).toBe(200);
    const ticket = new URL(page.json<{ page_url: string }>().page_url).searchParams.get('t')!;
    const fromPage = await send(t.app, {
      method: 'POST',
      url: `${AGENT_BASE}/block-page/ask`,
      body: new URLSearchParams({ t: ticket, notes: `${MARKER} ask` }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([fromPage.statusCode, fromPage.headers.location]).toEqual([
      303,
      expect.stringMatching(/asked=(created|joined)/),
    ]);
    const ids = await t.db.execute<{ id: string }>(sql`SELECT client_request_id AS id FROM access_request_asks
      WHERE account_id = ${riverside} AND client_request_id IS NOT NULL ORDER BY (client_request_id LIKE 'bp-%') DESC, id LIMIT 3`);
    more.client_request_id = ids.rows.map((x) => x.id);
    expect(more.client_request_id[0]).toMatch(/^bp-/);
  });

  it('has a sample of every device route, naming every id field its schema has', () => {
    const problems: string[] = [];
    for (const r of deviceRoutes()) {
      const make = AGENT_SAMPLES[r.key];
      const fields = AGENT_ID_FIELDS[r.key];
      if (!make || !fields) {
        problems.push(`${r.key}: not in AGENT_SAMPLES / AGENT_ID_FIELDS (test/security/policy.ts)`);
        continue;
      }
      for (const p of idPaths(r)) if (!fields[p]) problems.push(`${r.key} ${p}: not in AGENT_ID_FIELDS`);
      // Each kind mapped is really in the sample: a sentinel value for it shows up in the call.
      for (const [p, kind] of Object.entries(fields)) {
        if (kind === 'enum') continue;
        const sentinel = kind === 'command' ? '987654321' : 'sentinel-value-1';
        if (!JSON.stringify(make.sample({ ...own(), [kind]: sentinel })).includes(sentinel))
          problems.push(`${r.key} ${p}: ${kind} is not in its sample`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(AGENT_SAMPLES).sort()).toEqual(
      deviceRoutes()
        .map((r) => r.key)
        .sort(),
    );
  });

  it('changes nothing of Riverside’s, shows nothing of it, and answers as for the caller’s own rows', async () => {
    const tried: string[] = [];
    for (const r of deviceRoutes()) {
      const { kind: deviceKind, sample } = AGENT_SAMPLES[r.key]!;
      for (const [path, kind] of Object.entries(AGENT_ID_FIELDS[r.key]!)) {
        if (kind === 'enum') continue;
        for (const value of [victim[kind], ...(more[kind] ?? [])]) {
          const label = `${r.key} ${path}=${value}`;
          tried.push(label);
          const caller = await deviceOf(t, 'admin', undefined, deviceKind);
          const before = await accountSums(riverside);
          const cross = await agentCall(r, caller, sample({ ...own(), [kind]: value }));
          expect(await accountSums(riverside), `${label} changed Riverside's rows`).toEqual(before);
          expectSafeAnswer(label, cross, { api: true });
          expect([label, cross.body.includes(MARKER), cross.headers['idempotent-replayed']]).toEqual([
            label,
            false,
            undefined,
          ]);
          expect([label, await foreignLinks(caller.id)]).toEqual([label, 0]);
          if (kind === 'command') {
            // Another device's command: exactly the answer of a command that does not exist.
            const missing = await agentCall(r, caller, sample({ ...own(), command: '2000000000' }));
            expect([label, cross.statusCode, timeless(cross)]).toEqual([label, missing.statusCode, timeless(missing)]);
            expect([label, cross.statusCode]).toEqual([label, 404]);
            // Control: the caller's own command is answered.
            const mine = await t.db.transaction((tx) =>
              queueCommand(tx, {
                accountId: northfield,
                deviceId: caller.id,
                type: 'lock_screen',
                payload: {},
                createdByName: 'suite',
              }),
            );
            const ok = await agentCall(r, caller, sample({ ...own(), command: String(mine.id) }));
            expect([label, ok.statusCode]).toEqual([label, 200]);
            continue;
          }
          // Anything else is the caller's own: answered as a first call of its own values.
          expect([label, cross.statusCode]).toEqual([label, 200]);
          const body = cross.json<Record<string, unknown>>();
          if (r.key.endsWith('/requests')) expect([label, body.status]).toEqual([label, 'created']);
          if (r.key.endsWith('/events')) expect([label, body.accepted, body.duplicates]).toEqual([label, 1, 0]);
        }
      }
    }
    expect(tried.length).toBeGreaterThanOrEqual(10);
  }, 120_000);
});
