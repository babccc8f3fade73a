/**
 * GET /devices and GET /devices/export against the seeded demo data: every filter group checked
 * against a model computed here from the tables (so a wrong condition in the SQL fails), search,
 * every sort with its tie-breaker, paging and a page past the end, the row's details, and the
 * XLSX's content.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  DEVICE_FILTER_DEFAULTS,
  DEVICE_FILTER_FLAGS,
  DEVICE_ONLINE_MINUTES,
  DEVICE_SORTS,
  type DeviceFilterFlag,
  type DeviceListItem,
  type DevicesListResponse,
  devicesListQuery,
  devicesListResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { countStatements } from '../../test/db.js';
import { accounts, deviceAlerts, devices, serverUsers, users } from '../../db/schema/index.js';
import { listDevices } from './repository.js';

let t: TestApp;
let admin: Session;
let teacher: Session;
let family: Session;
let northfieldId: number;

type Model = {
  serial: string;
  kind: 'machine' | 'mobile';
  name: string;
  online: boolean;
  deactivated: boolean;
  billed: boolean;
  registered: boolean;
  critical: number;
  important: number;
  userName: string | null;
};
let model: Model[];

/** The reference: Northfield's devices with what the filters look at, read with plain queries. */
async function loadModel(): Promise<Model[]> {
  const rows = await t.db.select().from(devices).where(eq(devices.accountId, northfieldId));
  const alerts = await t.db
    .select({ deviceId: deviceAlerts.deviceId, severity: deviceAlerts.severity })
    .from(deviceAlerts)
    .where(and(eq(deviceAlerts.accountId, northfieldId), isNull(deviceAlerts.clearedAt)));
  const people = new Map<string, string>();
  for (const u of await t.db.select().from(users).where(eq(users.accountId, northfieldId)))
    people.set(`user:${u.id}`, `${u.firstName} ${u.lastName}`.trim() || u.username);
  for (const s of await t.db.select().from(serverUsers).where(eq(serverUsers.accountId, northfieldId)))
    people.set(`${s.type}:${s.id}`, `${s.firstName} ${s.lastName}`.trim() || s.username);
  const since = Date.now() - DEVICE_ONLINE_MINUTES * 60_000;
  return rows.map((d) => ({
    serial: d.serial,
    kind: d.kind,
    name: d.name,
    online: d.lastOnline !== null && d.lastOnline.getTime() >= since,
    deactivated: d.deactivatedDate !== null,
    billed: d.billed,
    registered: d.registered,
    critical: alerts.filter((a) => a.deviceId === d.id && a.severity === 'critical').length,
    important: alerts.filter((a) => a.deviceId === d.id && a.severity === 'important').length,
    userName:
      d.userKind && d.userRefId !== null
        ? (people.get(`${d.userKind === 'user' ? 'user' : d.userKind}:${d.userRefId}`) ??
          people.get(`server_user:${d.userRefId}`) ??
          people.get(`local_user:${d.userRefId}`) ??
          null)
        : null,
  }));
}

/** What the contract's comments say a set of flags keeps. */
function expected(
  flags: Partial<Record<DeviceFilterFlag | 'registered_not_billed' | 'billed_not_registered', boolean>>,
) {
  const on = (f: DeviceFilterFlag) => flags[f] ?? DEVICE_FILTER_DEFAULTS.includes(f);
  const group = (conds: [boolean, boolean][]) => conds.every(([flag]) => !flag) || conds.some(([f, c]) => f && c);
  return model
    .filter(
      (d) =>
        group([
          [on('online'), d.online],
          [on('offline'), !d.online],
        ]) &&
        group([
          [on('machine'), d.kind === 'machine'],
          [on('mobile'), d.kind === 'mobile'],
        ]) &&
        (on('deactivated') || !d.deactivated) &&
        group([
          [on('critical_alerts'), d.critical > 0],
          [on('important_alerts'), d.important > 0],
        ]) &&
        group([
          [flags.registered_not_billed ?? false, d.registered && !d.billed],
          [flags.billed_not_registered ?? false, d.billed && !d.registered],
        ]),
    )
    .map((d) => d.serial)
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  const [nf] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, 'NF-100245'));
  northfieldId = nf!.id;
  // The demo data registers every device: one billed but not registered, one neither, for the billed options.
  await t.db.update(devices).set({ registered: false }).where(eq(devices.serial, 'NFMB2008'));
  await t.db.update(devices).set({ registered: false, billed: false }).where(eq(devices.serial, 'NFMB2007'));
  model = await loadModel();
});
afterAll(async () => t.close());

async function list(session: Session, query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/devices', { session, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DevicesListResponse>();
}

async function all(session: Session, query: Record<string, string> = {}): Promise<DeviceListItem[]> {
  const out: DeviceListItem[] = [];
  for (let page = 1; ; page++) {
    const r = await list(session, { ...query, count: '25', page: String(page) });
    out.push(...r.devices);
    if (out.length >= r.total_count || r.devices.length === 0) return out;
  }
}

const serials = (rows: DeviceListItem[]) => rows.map((d) => d.serial).sort();
const asQuery = (flags: Record<string, boolean>) =>
  Object.fromEntries(Object.entries(flags).map(([k, v]) => [k, v ? '1' : '0']));

describe('GET /devices', () => {
  it('lists the account’s devices, name A-Z, deactivated ones left out by default, to every role', async () => {
    const r = await list(teacher);
    expect(r.total_count).toBe(19);
    expect(serials(r.devices)).toEqual(expected({}));
    expect(serials(r.devices)).not.toContain('NFPC1011');
    const names = r.devices.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(r.devices.every((d) => d.id === d.serial)).toBe(true);
  });

  it('answers exactly what the contract makes of its answer (written by JSON.stringify: lib/json-reply.ts)', async () => {
    const res = await call(t.app, 'GET', '/devices', { session: admin, query: { deactivated: '1', count: '100' } });
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json<DevicesListResponse>();
    expect(body.devices.length).toBeGreaterThan(0);
    expect(devicesListResponse.parse(body)).toEqual(body);
  });

  it('shows another account none of these devices', async () => {
    const r = await list(family);
    expect(serials(r.devices)).toEqual(['RFMB0001', 'RFPC0001']);
  });

  it('fills a row: user, its last activity there, alert counts and flags', async () => {
    const rows = await all(admin, { deactivated: '1' });
    for (const m of model) {
      const row = rows.find((d) => d.serial === m.serial)!;
      expect([m.serial, row.critical_alert_count, row.important_alert_count]).toEqual([
        m.serial,
        m.critical,
        m.important,
      ]);
      expect([m.serial, row.filters]).toEqual([m.serial, { deactivated: m.deactivated, online: m.online }]);
      expect([m.serial, row.user?.name ?? null]).toEqual([m.serial, m.userName]);
    }
    const pc = rows.find((d) => d.serial === 'NFPC1001')!;
    expect(pc.type).toBe('machine');
    expect(pc.user?.type).toMatch(/^(server_user|local_user)$/);
    expect(pc.last_active).toBeGreaterThan(0);
    const tablet = rows.find((d) => d.serial === 'NFMB2001')!;
    expect(tablet.user).toMatchObject({ type: 'user' });
  });

  it.each<[string, Record<string, boolean>]>([
    ['defaults', {}],
    ['online only', { online: true, offline: false }],
    ['offline only', { online: false, offline: true }],
    ['no status flag restricts nothing', { online: false, offline: false }],
    ['machines only', { machine: true, mobile: false }],
    ['mobiles only', { machine: false, mobile: true }],
    ['no kind flag restricts nothing', { machine: false, mobile: false }],
    ['deactivated included', { deactivated: true }],
    ['critical alerts', { critical_alerts: true }],
    ['important alerts', { important_alerts: true }],
    ['either alert', { critical_alerts: true, important_alerts: true }],
    ['critical alerts with deactivated', { critical_alerts: true, deactivated: true }],
    ['registered, not billed', { registered_not_billed: true }],
    ['billed, not registered', { billed_not_registered: true }],
    ['both billed options', { registered_not_billed: true, billed_not_registered: true }],
    ['offline machines with important alerts', { online: false, mobile: false, important_alerts: true }],
  ])('filters: %s', async (_label, flags) => {
    const want = expected(flags);
    const got = await all(admin, asQuery(flags));
    expect(serials(got)).toEqual(want);
  });

  it('the model itself tells the filters apart (the cases above are not vacuous)', () => {
    expect(expected({ online: true, offline: false }).length).toBeGreaterThan(0);
    expect(expected({ online: false, offline: true }).length).toBeGreaterThan(0);
    expect(expected({ critical_alerts: true })).not.toEqual(expected({ important_alerts: true }));
    expect(expected({ critical_alerts: true, deactivated: true })).toContain('NFPC1011');
    expect(expected({ registered_not_billed: true })).toEqual(['NFPC1010']);
    expect(expected({ billed_not_registered: true })).toEqual(['NFMB2008']);
    expect(expected({ deactivated: true })).toContain('NFPC1011');
    expect(DEVICE_FILTER_FLAGS.length).toBe(7);
  });

  it('searches name, serial, model, OS and user name, case-insensitively and literally', async () => {
    expect(serials(await all(admin, { query: 'nf-lab-pc0' }))).toEqual(
      model
        .filter((d) => !d.deactivated && d.name.toLowerCase().includes('nf-lab-pc0'))
        .map((d) => d.serial)
        .sort(),
    );
    expect(serials(await all(admin, { query: 'nfmb200' }))).toHaveLength(8);
    expect(serials(await all(admin, { query: 'GALAXY tab' }))).toHaveLength(8);
    expect(serials(await all(admin, { query: 'android' }))).toHaveLength(8);
    const someone = model.find((d) => d.kind === 'mobile' && d.userName)!.userName!;
    expect(serials(await all(admin, { query: someone.toUpperCase() }))).toEqual(
      model
        .filter((d) => !d.deactivated && d.userName === someone)
        .map((d) => d.serial)
        .sort(),
    );
    // % and _ are literal: no name holds them.
    expect((await list(admin, { query: '%' })).total_count).toBe(0);
    expect((await list(admin, { query: 'NF_LAB' })).total_count).toBe(0);
  });

  it.each(DEVICE_SORTS.flatMap((s) => [[s, false] as const, [s, true] as const]))(
    'sorts by %s (reversed: %s) with id breaking ties, pages without overlap',
    async (sort, reverse) => {
      const query = { sort_by: sort, deactivated: '1', ...(reverse ? { reverse_order: '1' } : {}) };
      const rows: DeviceListItem[] = [];
      for (let page = 1; page <= 3; page++) {
        const r = await list(admin, { ...query, count: '25', page: String(page) });
        rows.push(...r.devices);
      }
      expect(rows).toHaveLength(20);
      expect(new Set(rows.map((d) => d.serial)).size).toBe(20);
      const key = (d: DeviceListItem): (string | number)[] =>
        sort === 'type'
          ? [d.type, d.name]
          : sort === 'os' || sort === 'version'
            ? [d[sort], d.name]
            : sort === 'last_online'
              ? [d.last_online === 0 ? Number.MAX_SAFE_INTEGER : d.last_online]
              : [d[sort]];
      const cmp = (a: DeviceListItem, b: DeviceListItem) => {
        const ka = key(a);
        const kb = key(b);
        for (let i = 0; i < ka.length; i++) {
          if (ka[i]! < kb[i]!) return -1;
          if (ka[i]! > kb[i]!) return 1;
        }
        return 0;
      };
      for (let i = 1; i < rows.length; i++) {
        const c = cmp(rows[i - 1]!, rows[i]!);
        expect([sort, i, reverse ? c >= 0 : c <= 0]).toEqual([sort, i, true]);
      }
    },
  );

  it('pages: 25 by default, sizes 25/50/100, a page past the end answers no rows and the total', async () => {
    const first = await list(admin, { deactivated: '1', count: '25' });
    expect(first.devices).toHaveLength(20);
    const past = await list(admin, { deactivated: '1', page: '2' });
    expect(past).toEqual({ devices: [], total_count: 20 });
    const res = await call(t.app, 'GET', '/devices', { session: admin, query: { count: '30' } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain('Page size must be 25, 50 or 100');
    const bad = await call(t.app, 'GET', '/devices', { session: admin, query: { sort_by: 'owner' } });
    expect(bad.statusCode).toBe(400);
    const badFlag = await call(t.app, 'GET', '/devices', { session: admin, query: { online: 'yes' } });
    expect(badFlag.statusCode).toBe(400);
  });

  it('the default views read their page and their total (device_counts) in one statement', async () => {
    let all: Awaited<ReturnType<typeof listDevices>> | undefined;
    let machines: Awaited<ReturnType<typeof listDevices>> | undefined;
    const statements = await countStatements(t.pool, async () => {
      all = await listDevices(t.db, northfieldId, devicesListQuery.parse({ deactivated: '1' }));
      machines = await listDevices(t.db, northfieldId, devicesListQuery.parse({ machine: '1', mobile: '0' }));
    });
    expect(statements).toBe(2);
    const n = async (kind?: 'machine') =>
      (
        await t.db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM devices WHERE account_id = ${northfieldId}
            ${kind ? sql`AND kind = ${kind} AND deactivated_date IS NULL` : sql``}`,
        )
      ).rows[0]!.n;
    expect(all!.total).toBe(await n());
    expect(machines!.total).toBe(await n('machine'));
    expect(all!.rows.every((r) => !('total_n' in r))).toBe(true);
  });

  it('counts through the alert filter what the dashboard tile counts (open alerts only)', async () => {
    const [d] = await t.db.select().from(devices).where(eq(devices.serial, 'NFPC1004'));
    const before = await list(admin, { critical_alerts: '1' });
    expect(serials(before.devices)).toContain('NFPC1004');
    await t.db
      .update(deviceAlerts)
      .set({ clearedAt: new Date() })
      .where(and(eq(deviceAlerts.deviceId, d!.id), eq(deviceAlerts.severity, 'critical')));
    const after = await list(admin, { critical_alerts: '1' });
    expect(serials(after.devices)).not.toContain('NFPC1004');
    await t.db
      .update(deviceAlerts)
      .set({ clearedAt: null })
      .where(and(eq(deviceAlerts.deviceId, d!.id), eq(deviceAlerts.severity, 'critical')));
    model = await loadModel();
  });
});

async function exportRows(session: Session, query: Record<string, string> = {}) {
  await t.db.execute(sql`DELETE FROM rate_counters`);
  const res = await call(t.app, 'GET', '/devices/export', { session, query });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ content: string; filename: string }>();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(body.content, 'base64') as unknown as ArrayBuffer);
  const ws = wb.getWorksheet('Devices')!;
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { filename: body.filename, header: rows[0] as string[], rows: rows.slice(1) };
}

describe('GET /devices/export', () => {
  it('exports every matching device in list order, with the columns of the brief', async () => {
    const x = await exportRows(admin, { deactivated: '1' });
    expect(x.filename).toMatch(/^devices-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(x.header.map(String)).toEqual([
      'Name',
      'Type',
      'Serial',
      'OS',
      'OS Version',
      'Version',
      'User',
      expect.stringMatching(/^Last Online \(.+\)$/),
      'Model',
      'Critical Alerts',
      'Important Alerts',
      'Deactivated',
    ]);
    const listed = await all(admin, { deactivated: '1' });
    expect(x.rows.map((r) => r[2])).toEqual(listed.map((d) => d.serial));
    const pc = x.rows.find((r) => r[2] === 'NFPC1011')!;
    expect(pc[1]).toBe('PC');
    expect(pc[11]).toBe('Yes');
    const tablet = x.rows.find((r) => r[2] === 'NFMB2001')!;
    expect(tablet[1]).toBe('Mobile');
    expect(tablet[7]).toBeInstanceOf(Date);
    const m = model.find((d) => d.serial === 'NFPC1001')!;
    const row = x.rows.find((r) => r[2] === 'NFPC1001')!;
    expect([row[9], row[10], row[6]]).toEqual([m.critical, m.important, m.userName]);
  });

  it('applies the filters and the search', async () => {
    const x = await exportRows(admin, { machine: '1', mobile: '0', query: 'lab' });
    expect(x.rows.map((r) => String(r[2])).sort()).toEqual(
      model
        .filter((d) => d.kind === 'machine' && !d.deactivated)
        .map((d) => d.serial)
        .sort(),
    );
  });

  it('neutralises formulas in device names', async () => {
    const [old] = await t.db.select().from(devices).where(eq(devices.serial, 'NFPC1012'));
    await t.db.update(devices).set({ name: '=HYPERLINK("x")' }).where(eq(devices.serial, 'NFPC1012'));
    const x = await exportRows(admin, { query: 'HYPERLINK' });
    expect(x.rows.map((r) => r[0])).toEqual([`'=HYPERLINK("x")`]);
    await t.db.update(devices).set({ name: old!.name }).where(eq(devices.serial, 'NFPC1012'));
  });

  it('is rate limited per user', async () => {
    await t.db.execute(sql`DELETE FROM rate_counters`);
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call(t.app, 'GET', '/devices/export', { session: teacher })).statusCode);
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(codes[5]).toBe(429);
  });
});

describe('deep pages found from where they began (lib/lists/page-anchors.ts)', () => {
  // A seek from the second page on: every page past the first is found from a remembered start when
  // there is one. Each answer must equal the page OFFSET reads.
  // Pages of 3 (below the contract's sizes), so that the demo's devices make enough pages.
  const parse = ({ count, ...query }: Record<string, string>) => ({
    ...devicesListQuery.parse(query),
    count: Number(count),
  });
  const plain = (query: Record<string, string>) =>
    listDevices(t.db, northfieldId, parse(query), new Date(), Number.MAX_SAFE_INTEGER);
  const sought = (query: Record<string, string>) => listDevices(t.db, northfieldId, parse(query), new Date(), 3);
  const ids = (r: { rows: { id: number }[] }) => r.rows.map((row) => row.id);

  it.each(DEVICE_SORTS.flatMap((sort) => [false, true].map((reverse) => [sort, reverse] as const)))(
    'sort %s, reversed %s: forwards, the same page again, jumps ahead and back',
    async (sort, reverse) => {
      const base = { sort_by: sort, reverse_order: reverse ? '1' : '0', count: '3', deactivated: '1' };
      const total = (await plain({ ...base, page: '1' })).total;
      const pages = Math.ceil(total / 3);
      expect(pages).toBeGreaterThan(4);
      const expected = [];
      for (let p = 1; p <= pages; p++) expected.push(ids(await plain({ ...base, page: String(p) })));
      for (let p = 1; p <= pages; p++) expect(ids(await sought({ ...base, page: String(p) }))).toEqual(expected[p - 1]);
      for (const p of [pages, 2, 4, 3, pages - 1, 2])
        expect(ids(await sought({ ...base, page: String(p) }))).toEqual(expected[p - 1]);
    },
  );

  it('forgets where pages began when a device is renamed', async () => {
    const base = { sort_by: 'name', count: '3', deactivated: '1' };
    const before = ids(await sought({ ...base, page: '3' }));
    const first = (await plain({ ...base, page: '1' })).rows[0]!;
    const res = await call(t.app, 'POST', '/devices/details', {
      session: admin,
      payload: { id: first.serial, type: first.kind, name: `zzz ${first.name}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = ids(await sought({ ...base, page: '3' }));
    expect(after).toEqual(ids(await plain({ ...base, page: '3' })));
    expect(after).not.toEqual(before);
  });
});
