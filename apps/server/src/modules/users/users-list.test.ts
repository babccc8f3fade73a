import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, gte, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  ACTIVITY_30_DAYS_MS,
  ACTIVITY_HOUR_MS,
  USER_SORTS,
  usersListQuery,
  type UserListItem,
  type UsersListResponse,
} from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { countStatements } from '../../test/db.js';
import { accounts, serverUsers, users } from '../../db/schema/index.js';
import { EXPORT_MAX_ROWS, safeText, withExportSlot } from './export.js';
import { listUsers, SEARCH_HAYSTACK } from './repository.js';
import { createSizeHints } from '../../lib/lists/size-hints.js';

let t: TestApp;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;
let northfieldId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  reviewer = await signInAs(t, 'reviewer');
  teacher = await signInAs(t, 'teacher');
  family = await signInAs(t, 'family');
  const [nf] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, 'NF-100245'));
  northfieldId = nf!.id;
});
afterAll(async () => t.close());

async function list(session: Session, query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/users', { session, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UsersListResponse>();
}

/** Every row of the list for these parameters, page by page. */
async function all(session: Session, query: Record<string, string> = {}): Promise<UserListItem[]> {
  const out: UserListItem[] = [];
  for (let page = 1; ; page++) {
    const r = await list(session, { ...query, count: '100', page: String(page) });
    out.push(...r.users);
    if (out.length >= r.total_count || r.users.length === 0) return out;
  }
}

const key = (u: UserListItem) => `${u.type.type}:${u.id}`;

describe('GET /users', () => {
  it('lists console, server and local users of the account, username A-Z by default, 25 a page', async () => {
    const r = await list(admin);
    expect(r.total_count).toBe(74 + 11);
    expect(r.users).toHaveLength(25);
    const names = r.users.map((u) => u.username);
    expect(names).toEqual([...names].sort());
    const everyone = await all(admin);
    const types = new Set(everyone.map((u) => u.type.name));
    expect(types).toEqual(
      new Set(['Console Admin', 'Request Admin', 'Wayguard User', 'Server/Domain User', 'Local Windows User']),
    );
  });

  it('shapes console users from their rows', async () => {
    const [u] = await t.db.select().from(users).where(eq(users.username, 'formerstaff'));
    const item = (await all(admin)).find((x) => x.type.type === 'console_user' && x.id === u!.id)!;
    expect(item).toMatchObject({
      username: 'formerstaff',
      email_address: 'formerstaff@northfield.example',
      first_name: 'Frances',
      last_name: 'Doyle',
      type: { type: 'console_user', name: 'Wayguard User' },
      status: 'deactivated',
      created_by: 'Alex Morgan',
      date_created: Math.floor(u!.createdAt.getTime() / 1000),
      last_active: u!.lastActive ? Math.floor(u!.lastActive.getTime() / 1000) : 0,
    });
    expect(item.filters).toMatchObject({ deactivated: true, awaiting_activation: false, password_reset: false });
  });

  it('shapes server and local users: activated or deactivated, no e-mail, no creator', async () => {
    const everyone = await all(admin);
    const servers = everyone.filter((u) => u.type.type === 'server_user' || u.type.type === 'local_user');
    expect(servers).toHaveLength(11);
    for (const s of servers) {
      expect(s.email_address).toBe('');
      expect(s.created_by).toBe('');
      expect(['activated', 'deactivated']).toContain(s.status);
      expect(s.filters.failed_email_delivery).toBe(false);
    }
    expect(servers.find((s) => s.username === 'staff.library@northfield.local')).toMatchObject({
      type: { type: 'server_user', name: 'Server/Domain User' },
      status: 'deactivated',
      filters: { deactivated: true },
    });
    expect(servers.find((s) => s.username === 'student@NF-LAB01')?.type).toEqual({
      type: 'local_user',
      name: 'Local Windows User',
    });
  });

  it('pages without overlap or gaps, and an empty page past the end', async () => {
    const seen = new Set<string>();
    const sizes: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const r = await list(admin, { page: String(page), count: '25' });
      sizes.push(r.users.length);
      for (const u of r.users) seen.add(key(u));
    }
    expect(sizes).toEqual([25, 25, 25, 10]);
    expect(seen.size).toBe(85);
    const past = await list(admin, { page: '5' });
    expect(past).toEqual({ users: [], total_count: 85 });
    const fifty = await list(admin, { count: '50', page: '2' });
    expect(fifty.users).toHaveLength(35);
  });

  it.each([
    ['count', '10', 'Page size must be 25, 50 or 100'],
    ['count', 'x', undefined],
    ['page', '0', undefined],
    ['sort_by', 'password_hash', undefined],
    ['reverse_order', 'yes', undefined],
  ])('refuses %s=%s with 400', async (name, value, message) => {
    const res = await call(t.app, 'GET', '/users', { session: admin, query: { [name]: value } });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    if (message) expect(res.json().error).toBe(message);
  });

  /** Microsecond times from the tables: the list shows whole seconds, but sorts by the stored times. */
  async function preciseTimes() {
    const r = await t.db.execute<{ k: string; last_active: string | null; created: string }>(sql`
      SELECT type || ':' || id AS k, extract(epoch FROM last_active)::text AS last_active, extract(epoch FROM created_at)::text AS created FROM users
      UNION ALL SELECT type || ':' || id, extract(epoch FROM last_active)::text, extract(epoch FROM created_at)::text FROM server_users`);
    return new Map(
      r.rows.map((x) => [
        x.k,
        { lastActive: x.last_active === null ? 0 : Number(x.last_active), created: Number(x.created) },
      ]),
    );
  }
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

  it.each(USER_SORTS.flatMap((s) => [[s, false] as const, [s, true] as const]))(
    'sorts by %s (reverse %s), then username, type and id',
    async (sortBy, reverse) => {
      const rows = await all(admin, { sort_by: sortBy, ...(reverse ? { reverse_order: '1' } : {}) });
      expect(rows).toHaveLength(85);
      const times = await preciseTimes();
      const sortValue: Record<(typeof USER_SORTS)[number], (u: UserListItem) => string | number> = {
        username: (u) => u.username,
        first_name: (u) => u.first_name,
        last_name: (u) => u.last_name,
        email_address: (u) => u.email_address,
        type: (u) => u.type.name,
        status: (u) => u.status,
        last_active: (u) => times.get(key(u))!.lastActive,
        date_created: (u) => times.get(key(u))!.created,
      };
      const expected = [...rows].sort((a, b) => {
        const order =
          cmp(sortValue[sortBy](a), sortValue[sortBy](b)) ||
          cmp(a.username, b.username) ||
          cmp(a.type.type, b.type.type) ||
          cmp(a.id, b.id);
        return reverse ? -order : order;
      });
      expect(rows.map(key)).toEqual(expected.map(key));
    },
  );

  it('puts never-active users first when sorting by last active (0 = never), last when reversed', async () => {
    const asc = await all(admin, { sort_by: 'last_active' });
    const never = asc.filter((u) => u.last_active === 0).length;
    expect(never).toBeGreaterThan(0);
    expect(asc.slice(0, never).every((u) => u.last_active === 0)).toBe(true);
    const desc = await all(admin, { sort_by: 'last_active', reverse_order: '1' });
    expect(desc.slice(-never).every((u) => u.last_active === 0)).toBe(true);
  });

  it('searches username, first name, last name and e-mail, case-insensitively', async () => {
    expect((await all(admin, { query: 'ALEX' })).map((u) => u.username)).toEqual(['admin']);
    expect((await all(admin, { query: 'MORGAN' })).map((u) => u.username).sort()).toEqual(['admin', 'mfaadmin']);
    expect((await all(admin, { query: 'reviewer@NORTH' })).map((u) => u.username)).toEqual(['reviewer']);
    const pupils = await all(admin, { query: 'northfield.local' });
    expect(pupils).toHaveLength(8);
    expect(pupils.every((u) => u.type.type === 'server_user')).toBe(true);
    const r = await list(admin, { query: '  bella  ' });
    expect(r.users.map((u) => u.username)).toEqual(['year7.bella@northfield.local']);
  });

  it('answers 400, not 500, to a NUL character in the search', async () => {
    const res = await call(t.app, 'GET', '/users', { session: admin, query: { query: 'a\u0000b' } });
    expect(res.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/users/export', { session: admin, query: { query: '\u0000' } })).statusCode).toBe(
      400,
    );
  });

  it('matches % and _ literally, and inside one field only', async () => {
    expect((await list(admin, { query: '%' })).total_count).toBe(0);
    expect((await list(admin, { query: '_' })).total_count).toBe(0);
    // "Alex" ends the first name and "Morgan" starts the last name, but no single field holds "alexmorgan".
    expect((await list(admin, { query: 'alexmorgan' })).total_count).toBe(0);
    expect((await list(admin, { query: 'zzz-nobody' })).users).toEqual([]);
  });

  describe('filters', () => {
    const now = () => Date.now();
    async function oracle(where: { users?: ReturnType<typeof and>; servers?: ReturnType<typeof and> | null }) {
      const u = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.accountId, northfieldId), where.users));
      const s =
        where.servers === null
          ? [{ n: 0 }]
          : await t.db
              .select({ n: sql<number>`count(*)::int` })
              .from(serverUsers)
              .where(and(eq(serverUsers.accountId, northfieldId), where.servers));
      return (u[0]?.n ?? 0) + (s[0]?.n ?? 0);
    }

    it('status flags are alternatives (OR); server users are never awaiting or reset', async () => {
      const awaiting = await all(admin, { awaiting_activation: '1' });
      expect(awaiting.length).toBe(9);
      expect(awaiting.every((u) => u.status === 'awaiting_activation' && u.filters.awaiting_activation)).toBe(true);
      expect((await list(admin, { password_reset: '1' })).total_count).toBe(5);
      const either = await all(admin, { awaiting_activation: '1', password_reset: 'true' });
      expect(either.length).toBe(14);
      const deactivated = await all(admin, { deactivated: '1' });
      expect(deactivated.length).toBe(8);
      expect(deactivated.filter((u) => u.type.type === 'server_user').map((u) => u.username)).toEqual([
        'staff.library@northfield.local',
      ]);
      expect((await list(admin, { deactivated: '0' })).total_count).toBe(85);
    });

    it('activity markers are disjoint bands (past hour; 30 days but not the past hour; before 30 days); the filters are alternatives', async () => {
      const hourAgo = new Date(now() - ACTIVITY_HOUR_MS);
      const monthAgo = new Date(now() - ACTIVITY_30_DAYS_MS);
      const hour = await all(admin, { active_past_hour: '1' });
      expect(hour.length).toBe(
        await oracle({ users: gte(users.lastActive, hourAgo), servers: gte(serverUsers.lastActive, hourAgo) }),
      );
      expect(hour.length).toBeGreaterThan(0);
      expect(
        hour.every(
          (u) => u.filters.active_past_hour && !u.filters.active_last_30_days && !u.filters.not_active_last_30_days,
        ),
      ).toBe(true);
      // "Active in the last 30 days" lists everyone active within 30 days, the past hour included; each
      // row still carries its own band's marker.
      const month = await all(admin, { active_last_30_days: '1' });
      expect(month.length).toBe(
        await oracle({ users: gte(users.lastActive, monthAgo), servers: gte(serverUsers.lastActive, monthAgo) }),
      );
      const monthKeys = new Set(month.map(key));
      expect(hour.filter((u) => !monthKeys.has(key(u)))).toEqual([]);
      const olderThanHour = month.filter((u) => !u.filters.active_past_hour);
      expect(olderThanHour.length).toBe(month.length - hour.length);
      expect(
        olderThanHour.every((u) => u.filters.active_last_30_days && u.last_active * 1000 < hourAgo.getTime() + 1000),
      ).toBe(true);
      const stale = await all(admin, { not_active_last_30_days: '1' });
      expect(stale.length).toBe(
        await oracle({ users: lt(users.lastActive, monthAgo), servers: lt(serverUsers.lastActive, monthAgo) }),
      );
      expect(stale.every((u) => u.filters.not_active_last_30_days && u.last_active > 0)).toBe(true);
      const both = await list(admin, { active_past_hour: '1', active_last_30_days: '1' });
      expect(both.total_count).toBe(month.length);
      const either = await list(admin, { active_past_hour: '1', not_active_last_30_days: '1' });
      expect(either.total_count).toBe(hour.length + stale.length);
      // Never-active users carry no activity flag.
      const never = (await all(admin)).filter((u) => u.last_active === 0);
      expect(never.length).toBe(
        await oracle({ users: isNull(users.lastActive), servers: isNull(serverUsers.lastActive) }),
      );
      expect(
        never.every(
          (u) => !u.filters.active_past_hour && !u.filters.active_last_30_days && !u.filters.not_active_last_30_days,
        ),
      ).toBe(true);
    });

    it('failed e-mail delivery, and groups combined with AND', async () => {
      const failed = await all(admin, { failed_email_delivery: '1' });
      expect(failed.length).toBe(await oracle({ users: isNotNull(users.failedEmailDate), servers: null }));
      expect(failed.length).toBeGreaterThan(0);
      expect(failed.every((u) => u.filters.failed_email_delivery && u.type.type !== 'server_user')).toBe(true);
      const monthAgo = new Date(now() - ACTIVITY_30_DAYS_MS);
      const combined = await all(admin, {
        failed_email_delivery: '1',
        not_active_last_30_days: '1',
        deactivated: '1',
        awaiting_activation: '1',
      });
      expect(combined.length).toBe(
        await oracle({
          users: and(
            isNotNull(users.failedEmailDate),
            lt(users.lastActive, monthAgo),
            or(eq(users.status, 'deactivated'), eq(users.status, 'awaiting_activation')),
          ),
          servers: null,
        }),
      );
      const searchAndFilter = await all(admin, { query: 'northfield.local', deactivated: '1' });
      expect(searchAndFilter.map((u) => u.username)).toEqual(['staff.library@northfield.local']);
    });
  });

  it('is open to every role of the account', async () => {
    expect((await list(reviewer)).total_count).toBe(85);
    expect((await list(teacher)).total_count).toBe(85);
  });

  it('shows each account only its own users', async () => {
    const rows = await all(family);
    expect(rows.map((u) => u.username).sort()).toEqual(['family', 'kid@RIVERSIDE-MARKER-PC', 'riverside-parent']);
    expect((await all(admin)).some((u) => u.username.includes('RIVERSIDE') || u.last_name.includes('RIVERSIDE'))).toBe(
      false,
    );
    expect((await list(family, { query: 'northfield' })).total_count).toBe(0);
  });

  it('needs a session', async () => {
    const res = await call(t.app, 'GET', '/users');
    expect(res.statusCode).toBe(401);
  });
});

describe('the two page plans', () => {
  it('merge (many matches), sort (few matches) and sort with its total (few a moment ago) give the same pages', async () => {
    const cases: Record<string, string>[] = [
      ...USER_SORTS.flatMap((sort_by): Record<string, string>[] => [{ sort_by }, { sort_by, reverse_order: '1' }]),
      { deactivated: '1', sort_by: 'status' },
      { active_last_30_days: '1', not_active_last_30_days: '1', sort_by: 'last_active' },
      { query: 'a', sort_by: 'first_name', reverse_order: '1' },
      { failed_email_delivery: '1' },
    ];
    for (const c of cases) {
      for (const page of ['1', '2', '4', '40']) {
        const q = usersListQuery.parse({ ...c, page, count: '25' });
        const now = new Date();
        // No size known (kept 0 ms): count first, then the page by the count's size.
        const counted = () => createSizeHints({ ttlMs: 0 });
        const sorted = await listUsers(t.db, northfieldId, q, now, Number.MAX_SAFE_INTEGER, counted());
        const merged = await listUsers(t.db, northfieldId, q, now, 0, counted());
        expect(merged, JSON.stringify({ ...c, page })).toEqual(sorted);
        // Known small: one statement; then it knows the size it read.
        const known = createSizeHints({ ttlMs: 60_000 });
        await listUsers(t.db, northfieldId, q, now, Number.MAX_SAFE_INTEGER, known);
        const { page: _p, count: _c, sort_by: _s, reverse_order: _r, ...filters } = q;
        expect(known.get(northfieldId, JSON.stringify(filters))).toBe(sorted.total);
        let oneStatement: Awaited<ReturnType<typeof listUsers>> | undefined;
        const statements = await countStatements(t.pool, async () => {
          oneStatement = await listUsers(t.db, northfieldId, q, now, Number.MAX_SAFE_INTEGER, known);
        });
        expect(statements).toBe(1);
        expect(oneStatement, JSON.stringify({ ...c, page, oneStatement: true })).toEqual(sorted);
      }
    }
  });

  it("the search expression is the trigram indexes' expression", async () => {
    const explain = async (query: SQL) => {
      const built = new PgDialect().sqlToQuery(query);
      const c = await t.pool.connect();
      try {
        await c.query('BEGIN');
        await c.query('SET LOCAL enable_seqscan = off');
        const r = await c.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${built.sql}`, built.params);
        return r.rows.map((x) => x['QUERY PLAN']).join('\n');
      } finally {
        await c.query('ROLLBACK');
        c.release();
      }
    };
    // Only the trigram index can serve a search without the account condition.
    expect(await explain(sql`SELECT 1 FROM users u WHERE ${SEARCH_HAYSTACK.users} ILIKE '%morgan%'`)).toContain(
      'users_search_trgm_idx',
    );
    expect(
      await explain(sql`SELECT 1 FROM server_users s WHERE ${SEARCH_HAYSTACK.server_users} ILIKE '%pupil%'`),
    ).toContain('server_users_search_trgm_idx');
  });
});

describe('GET /users/export', () => {
  async function exported(session: Session, query: Record<string, string> = {}) {
    const res = await call(t.app, 'GET', '/users/export', { session, query });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ content: string; filename: string }>();
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(body.content, 'base64') as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Users')!;
    return { body, ws };
  }

  it('writes every matching row (no paging) in the list order, as a real XLSX named users-YYYY-MM-DD.xlsx', async () => {
    const { body, ws } = await exported(admin, { page: '3', count: '25' });
    expect(body.filename).toMatch(/^users-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual([
      'Username',
      'First Name',
      'Last Name',
      'Email Address',
      'Type',
      'Status',
      'Last Active (Europe/London)',
      'Date Created (Europe/London)',
      'Created By',
    ]);
    expect(ws.rowCount).toBe(1 + 85);
    const listed = (await all(admin)).map((u) => u.username);
    const names: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names).toEqual(listed);
    const adminRow = ws.getRow(2 + listed.indexOf('admin'));
    expect(adminRow.getCell(2).value).toBe('Alex');
    expect(adminRow.getCell(4).value).toBe('admin@northfield.example');
    expect(adminRow.getCell(5).value).toBe('Console Admin');
    expect(adminRow.getCell(6).value).toBe('Activated');
    expect(adminRow.getCell(8).value).toBeInstanceOf(Date);
    const deleted = ws.getRow(2 + listed.indexOf('staff.library@northfield.local'));
    expect(deleted.getCell(6).value).toBe('Deleted');
    expect(deleted.getCell(5).value).toBe('Server/Domain User');
  });

  it('applies the same search, filters and sort', async () => {
    const { ws } = await exported(admin, { awaiting_activation: '1', sort_by: 'date_created', reverse_order: '1' });
    const listed = (await all(admin, { awaiting_activation: '1', sort_by: 'date_created', reverse_order: '1' })).map(
      (u) => u.username,
    );
    const names: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) names.push(String(row.getCell(1).value));
    });
    expect(names).toEqual(listed);
    expect(ws.getRow(2).getCell(6).value).toBe('Awaiting activation');
    expect(ws.getRow(2).getCell(7).value).toBeNull();
    const none = await exported(admin, { query: 'zzz-nobody' });
    expect(none.ws.rowCount).toBe(1);
  });

  it('stores text that starts like a formula as inert text', async () => {
    const create = await call(t.app, 'POST', '/users/create', {
      session: admin,
      payload: {
        username: 'formula.test',
        email_address: 'formula@northfield.example',
        first_name: '=cmd|x',
        last_name: '+1+1',
        time_zone: 'Europe/London',
        options: { type_id: 0 },
      },
    });
    expect(create.statusCode, create.body).toBe(200);
    const { ws } = await exported(admin, { query: 'formula.test' });
    expect(ws.rowCount).toBe(2);
    const first = ws.getRow(2).getCell(2);
    const last = ws.getRow(2).getCell(3);
    expect(first.type).toBe(ExcelJS.ValueType.String);
    expect(first.value).toBe("'=cmd|x");
    expect(first.formula).toBeUndefined();
    expect(last.type).toBe(ExcelJS.ValueType.String);
    expect(last.value).toBe("'+1+1");
    ws.eachRow((row) => row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)));
  });

  it('neutralises every formula lead character', () => {
    for (const v of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '＝1']) expect(safeText(v)).toBe(`'${v}`);
    for (const v of ['Alex', "O'Brien", 'a=b', '']) expect(safeText(v)).toBe(v);
    expect(EXPORT_MAX_ROWS).toBe(1_048_575);
  });

  it("exports only the account's own users", async () => {
    const { ws } = await exported(family);
    expect(ws.rowCount).toBe(1 + 3);
  });

  it('is limited to 5 exports a minute per user', async () => {
    // The teacher exports nowhere else in this file.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await call(t.app, 'GET', '/users/export', { session: teacher, query: { query: 'nobody' } })).statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('runs at most two exports at once in a process; more answer 429', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const slow = [withExportSlot(() => gate), withExportSlot(() => gate)];
    await expect(withExportSlot(async () => 'third')).rejects.toMatchObject({ statusCode: 429 });
    release();
    await Promise.all(slow);
    await expect(withExportSlot(async () => 'after')).resolves.toBe('after');
  });

  it('refuses bad parameters with 400', async () => {
    const res = await call(t.app, 'GET', '/users/export', { session: admin, query: { sort_by: 'nope' } });
    expect(res.statusCode).toBe(400);
  });
});
