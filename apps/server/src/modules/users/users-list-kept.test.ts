/**
 * The users list's kept answers (list.ts, migration 0027): the bytes sent are what the route's schema
 * makes of them, and a kept page is never served once what it shows has changed — by any path (a
 * statement of another process reads the same), nor once an activity window has moved past a user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ACTIVITY_HOUR_MS, usersListResponse, type UsersListResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accounts, listVersions, serverUsers, users } from '../../db/schema/index.js';

let t: TestApp;
let admin: Session;
let northfieldId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  const [nf] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, 'NF-100245'));
  northfieldId = nf!.id;
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

async function list(query: Record<string, string> = {}) {
  const res = await call(t.app, 'GET', '/users', { session: admin, query });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}
const rows = async (query: Record<string, string> = {}) => (await list(query)).json<UsersListResponse>();
const usersVersion = async () =>
  (
    await t.db
      .select({ v: listVersions.version })
      .from(listVersions)
      .where(and(eq(listVersions.accountId, northfieldId), eq(listVersions.list, 'users')))
  )[0]?.v;

describe('GET /users answered from kept answers', () => {
  it('sends exactly what the route schema makes of the answer', async () => {
    const queries: Record<string, string>[] = [
      {},
      { sort_by: 'last_active', reverse_order: 'true' },
      { query: 'zz-none' },
    ];
    for (const query of queries) {
      const res = await list(query);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const body: unknown = res.json();
      expect(body).toEqual(usersListResponse.parse(body));
      expect(JSON.stringify(usersListResponse.parse(body))).toBe(res.body);
    }
  });

  it('serves a page again unchanged, and sees a change made by a statement outside the app at once', async () => {
    const first = await rows({ query: 'teacher' });
    expect((await list({ query: 'teacher' })).body).toBe(JSON.stringify(first));
    const teacher = first.users.find((u) => u.username === 'teacher')!;
    await t.db.execute(sql`UPDATE users SET first_name = 'Renamed' WHERE id = ${teacher.id}`);
    expect((await rows({ query: 'teacher' })).users.find((u) => u.id === teacher.id)?.first_name).toBe('Renamed');
    await t.db.update(users).set({ firstName: teacher.first_name }).where(eq(users.id, teacher.id));
    expect((await rows({ query: 'teacher' })).users.find((u) => u.id === teacher.id)?.first_name).toBe(
      teacher.first_name,
    );
  });

  it('moves with a server or local user', async () => {
    const [su] = await t.db.select().from(serverUsers).where(eq(serverUsers.accountId, northfieldId)).limit(1);
    const find = async () =>
      (await rows({ query: su!.username })).users.find((u) => u.type.type === su!.type && u.id === su!.id);
    expect(await find()).toBeDefined();
    await t.db.update(serverUsers).set({ lastName: 'Moved' }).where(eq(serverUsers.id, su!.id));
    expect((await find())?.last_name).toBe('Moved');
  });

  it('does not move its version with what it does not show, nor with last activity, which the stamp reads', async () => {
    const teacher = async () => (await rows({ query: 'teacher' })).users.find((u) => u.username === 'teacher')!;
    // A last activity written by hand shows with the next change of what the list shows.
    await t.db.execute(sql`UPDATE users SET last_active = NULL, last_name = 'Never' WHERE username = 'teacher'`);
    expect(await teacher()).toMatchObject({ last_active: 0, last_name: 'Never' });
    const before = await usersVersion();
    await t.db.execute(
      sql`UPDATE users SET failed_login_count = failed_login_count + 1 WHERE account_id = ${northfieldId}`,
    );
    expect(await usersVersion()).toBe(before);
    // As a sign-in or a session's touch writes it: now.
    await t.db.execute(sql`UPDATE users SET last_active = now() WHERE username = 'teacher'`);
    expect(await usersVersion()).toBe(before);
    expect((await teacher()).filters.active_past_hour).toBe(true);
  });

  it('leaves the past hour band as the clock passes a user’s last activity, with no write', async () => {
    const start = Date.now();
    // Less than a minute on, so that the admin's session is not touched (which would move the list anyway).
    const at = new Date(start - ACTIVITY_HOUR_MS + 20_000);
    await t.db.execute(
      sql`UPDATE users SET last_active = ${at.toISOString()}::timestamptz, last_name = 'Band' WHERE username = 'teacher'`,
    );
    const teacherRow = async () => (await rows({ query: 'teacher' })).users.find((u) => u.username === 'teacher');
    expect((await teacherRow())?.filters).toMatchObject({ active_past_hour: true, active_last_30_days: false });
    vi.useFakeTimers({ toFake: ['Date'], now: start + 40_000 });
    expect((await teacherRow())?.filters).toMatchObject({ active_past_hour: false, active_last_30_days: true });
  });
});
