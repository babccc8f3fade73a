/**
 * List answers kept by version (lib/lists/list-answers.ts, migration 0018): the triggers bump the right
 * account's versions for every change a list (or the kept web-access rules) shows, and an answer is sent again only while they are
 * unchanged, never from inside a transaction nor for a view that moves with the clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { createSeededTestDb, type TestDb } from '../../test/db.js';
import { createListAnswers } from './list-answers.js';

let t: TestDb;
let nf: number;
let other: number;

beforeAll(async () => {
  t = await createSeededTestDb();
  const ids = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id`)).rows.map((r) => r.id);
  [nf, other] = ids as [number, number];
});
afterAll(async () => t.pool.end());

/** The account's versions, by list. */
async function versions(accountId: number): Promise<Record<string, number>> {
  const r = await t.db.execute<{ list: string; version: string }>(
    sql`SELECT list, version FROM list_versions WHERE account_id = ${accountId}`,
  );
  return Object.fromEntries(r.rows.map((x) => [x.list, Number(x.version)]));
}

/** What `change` moved: the versions that differ after it, per account. */
async function moved(change: () => Promise<unknown>) {
  const before = [await versions(nf), await versions(other)];
  await change();
  const after = [await versions(nf), await versions(other)];
  return after.map((a, i) =>
    Object.keys(a)
      .filter((list) => a[list] !== before[i]![list])
      .sort(),
  );
}

describe('the versions kept by triggers', () => {
  it("a change to an account's requests moves that account's requests version only, once per statement", async () => {
    expect(
      await moved(() => t.db.execute(sql`UPDATE access_requests SET notes = 'x' WHERE account_id = ${nf}`)),
    ).toEqual([['access_requests'], []]);
    // One number of the sequence for the statement, however many rows it changed.
    const drawn = async () =>
      Number((await t.db.execute<{ n: string }>(sql`SELECT last_value AS n FROM list_versions_seq`)).rows[0]!.n);
    const before = await drawn();
    await t.db.execute(sql`UPDATE access_requests SET notes = 'y' WHERE account_id = ${nf}`);
    expect(await drawn()).toBe(before + 1);
    expect((await versions(nf)).access_requests).toBe(before + 1);
    expect(
      await moved(() =>
        t.db.execute(
          sql`DELETE FROM access_requests WHERE id = (SELECT max(id) FROM access_requests WHERE account_id = ${other})`,
        ),
      ),
    ).toEqual([[], ['access_requests']]);
  });

  it("app threads and assignments move the account's app versions", async () => {
    expect(
      await moved(() => t.db.execute(sql`UPDATE app_requests SET notes = 'x' WHERE account_id = ${other}`)),
    ).toEqual([[], ['app_requests']]);
    expect(
      await moved(() =>
        t.db.execute(sql`WITH a AS (INSERT INTO apps (package_name, name) VALUES ('test.list.answers', 'Answers')
            RETURNING id)
          INSERT INTO app_assignments (account_id, app_id, user_id)
          SELECT ${nf}, a.id, (SELECT min(id) FROM users WHERE account_id = ${nf}) FROM a`),
      ),
    ).toEqual([['app_assignments'], []]);
  });

  // Since issue 27 the devices list is versioned too (migration 0028): a device's name moves it, and only it.
  it("a device's serial moves its account's lists, its name only the devices list; the catalogue moves every app list", async () => {
    const device = sql`(SELECT min(id) FROM devices WHERE account_id = ${nf})`;
    expect(await moved(() => t.db.execute(sql`UPDATE devices SET name = name || '!' WHERE id = ${device}`))).toEqual([
      ['devices'],
      [],
    ]);
    expect(
      await moved(() => t.db.execute(sql`UPDATE devices SET serial = serial || '-2' WHERE id = ${device}`)),
    ).toEqual([['access_requests', 'app_requests', 'devices'], []]);
    expect(await moved(() => t.db.execute(sql`UPDATE devices SET last_online = now() WHERE id = ${device}`))).toEqual([
      [],
      [],
    ]);
    expect(
      await moved(() =>
        t.db.execute(sql`UPDATE apps SET vendor = vendor || '.' WHERE id = (SELECT min(id) FROM apps)`),
      ),
    ).toEqual([['app_requests'], ['app_requests']]);
  });

  it("a change to a rule, a website or a group moves the account's rules version", async () => {
    expect(
      await moved(() =>
        t.db.execute(
          sql`UPDATE websites SET description = 'x' WHERE id = (SELECT min(id) FROM websites WHERE account_id = ${nf})`,
        ),
      ),
    ).toEqual([['web_access_rules'], []]);
    expect(
      await moved(() =>
        t.db.execute(
          sql`DELETE FROM web_access_rules WHERE id = (SELECT max(id) FROM web_access_rules WHERE account_id = ${other})`,
        ),
      ),
    ).toEqual([[], ['web_access_rules']]);
  });
});

describe('answers kept by version', () => {
  /** A list of nf's requests whose builds are counted. */
  function counted() {
    const answers = createListAnswers({ lists: ['access_requests'] });
    let builds = 0;
    const ask = (key: string | null = 'view', db = t.db) =>
      answers.answer(db, nf, key, async () => ({ builds: ++builds }));
    return { ask, builds: () => builds };
  }
  const bump = (accountId: number, db: DbOrTx = t.db) =>
    db.execute(sql`UPDATE access_requests SET notes = 'z' WHERE id = (SELECT min(id) FROM access_requests
      WHERE account_id = ${accountId})`);

  it('sends the kept answer again until the account changes, then builds it again', async () => {
    const c = counted();
    expect(JSON.parse((await c.ask()).toString())).toEqual({ builds: 1 });
    expect(JSON.parse((await c.ask()).toString())).toEqual({ builds: 1 });
    await bump(other);
    expect(JSON.parse((await c.ask()).toString())).toEqual({ builds: 1 });
    await bump(nf);
    expect(JSON.parse((await c.ask()).toString())).toEqual({ builds: 2 });
    expect(JSON.parse((await c.ask('another view')).toString())).toEqual({ builds: 3 });
  });

  it('keeps nothing for a view that moves with the clock', async () => {
    const c = counted();
    await c.ask(null);
    await c.ask(null);
    expect(c.builds()).toBe(2);
  });

  it('keeps nothing read inside a transaction (its changes may be rolled back)', async () => {
    const c = counted();
    await t.db
      .transaction(async (tx) => {
        await bump(nf, tx);
        await c.ask('view', tx);
        await c.ask('view', tx);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(c.builds()).toBe(2);
    await c.ask();
    expect(c.builds()).toBe(3);
  });

  it('builds once for requests of one view at once', async () => {
    const c = counted();
    const answers = await Promise.all([c.ask(), c.ask(), c.ask()]);
    expect(c.builds()).toBe(1);
    expect(new Set(answers.map((a) => a.toString())).size).toBe(1);
  });

  it('keeps the most recently used answers within its room', async () => {
    const answers = createListAnswers({ lists: ['access_requests'], maxBytes: 8 * 32 });
    const builds: string[] = [];
    const ask = (key: string) =>
      answers.answer(t.db, nf, key, async () => {
        builds.push(key);
        return 'x'.repeat(30);
      });
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) await ask(key);
    await ask('a'); // kept: 8 answers of 32 bytes fill its 256
    expect(builds).toHaveLength(8);
    await ask('i'); // the room is full: the least recently used ('b') goes
    await ask('a');
    await ask('b');
    expect(builds.slice(8)).toEqual(['i', 'b']);
  });
});
