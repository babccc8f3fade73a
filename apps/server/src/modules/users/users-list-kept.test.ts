/**
 * The users list's kept answers (list.ts, migration 0027): the bytes sent are what the route's schema
 * makes of them, and a kept page is never served once what it shows has changed — by any path (a
 * statement of another process reads the same), nor once an activity window has moved past a user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ACTIVITY_30_DAYS_MS, ACTIVITY_HOUR_MS, usersListResponse, type UsersListResponse } from '@wayguard/contracts';
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
/** Writes the teacher's last activity by hand, with a last name that moves the version. */
const teacherActiveAt = (at: Date, lastName: string) =>
  t.db.execute(
    sql`UPDATE users SET last_active = ${at.toISOString()}::timestamptz, last_name = ${lastName} WHERE username = 'teacher'`,
  );
const teacherFilters = async () =>
  (await rows({ query: 'teacher' })).users.find((u) => u.username === 'teacher')?.filters;
const usersVersion = async () =>
  (
    await t.db
      .select({ v: listVersions.version })
      .from(listVersions)
      .where(and(eq(listVersions.accountId, northfieldId), eq(listVersions.list, 'users')))
  )[0]?.v;

/**
 * The teacher active (written by hand, with a last name that moves the version) 20 s after the start of
 * a window of `windowMs`: in band `from` and not in `to`, then 40 s on, with no write in between, the
 * other way round.
 */
async function leavesBandWithTheClock(windowMs: number, lastName: string, from: BandName, to: BandName) {
  const start = Date.now();
  // Less than a minute on, so that the admin's session is not touched (which would move the list anyway).
  await teacherActiveAt(new Date(start - windowMs + 20_000), lastName);
  expect(await teacherFilters()).toMatchObject({ [from]: true, [to]: false });
  vi.useFakeTimers({ toFake: ['Date'], now: start + 40_000 });
  expect(await teacherFilters()).toMatchObject({ [from]: false, [to]: true });
}
type BandName = 'active_past_hour' | 'active_last_30_days' | 'not_active_last_30_days';

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

  it('leaves the past hour band as the clock passes a user’s last activity, with no write', () =>
    leavesBandWithTheClock(ACTIVITY_HOUR_MS, 'Band', 'active_past_hour', 'active_last_30_days'));

  it('leaves the 30 days band as the clock passes a user’s last activity, with no write', () =>
    leavesBandWithTheClock(ACTIVITY_30_DAYS_MS, 'Month', 'active_last_30_days', 'not_active_last_30_days'));

  it('moves when a last activity joins the latest (two sign-ins in one millisecond), with no version', async () => {
    await t.db.execute(
      sql`UPDATE users SET last_active = now() - interval '2 days', last_name = 'Joins' WHERE username = 'teacher'`,
    );
    const teacher = async () => (await rows({ query: 'teacher' })).users.find((u) => u.username === 'teacher')!;
    const before = await teacher();
    const version = await usersVersion();
    await t.db.execute(sql`UPDATE users SET last_active = (SELECT max(o.last_active) FROM users o
      WHERE o.account_id = ${northfieldId}) WHERE username = 'teacher'`);
    expect(await usersVersion()).toBe(version);
    const [latest] = await t.db
      .select({ at: users.lastActive })
      .from(users)
      .where(and(eq(users.accountId, northfieldId), eq(users.username, 'teacher')));
    expect((await teacher()).last_active).toBe(Math.floor(latest!.at!.getTime() / 1000));
    expect((await teacher()).last_active).toBeGreaterThan(before.last_active);
  });

  it('keeps a band to the microsecond of the last activity, never past it', async () => {
    const start = Date.now();
    // 0.9 ms after a whole millisecond: in the past hour until that millisecond plus an hour, out one after.
    const at = start - ACTIVITY_HOUR_MS + 20_000;
    await t.db.execute(
      sql`UPDATE users SET last_active = to_timestamp(${at / 1000}::float8) + interval '900 microseconds',
        last_name = 'Micro' WHERE username = 'teacher'`,
    );
    const band = async () => (await teacherFilters())?.active_past_hour;
    expect(await band()).toBe(true);
    vi.useFakeTimers({ toFake: ['Date'], now: at + ACTIVITY_HOUR_MS });
    expect(await band()).toBe(true);
    vi.setSystemTime(at + ACTIVITY_HOUR_MS + 1);
    expect(await band()).toBe(false);
  });
});
