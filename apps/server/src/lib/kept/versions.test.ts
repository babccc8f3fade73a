/** Stamps from list_versions (versions.ts): the account's versions of the lists named, in list order. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createSeededTestDb, type TestDb } from '../../test/db.js';
import { readStamp } from './versions.js';

let t: TestDb;
let account: number;

beforeAll(async () => {
  t = await createSeededTestDb();
  account = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id LIMIT 1`)).rows[0]!.id;
});
afterAll(async () => t.pool.end());

describe('readStamp', () => {
  it("reads the account's versions of the lists named, and moves when one of them does", async () => {
    await t.db.execute(sql`INSERT INTO list_versions (account_id, list, version) VALUES
      (${account}, 'kept_test_b', 5), (${account}, 'kept_test_a', 3)`);
    expect(await readStamp(t.db, ['kept_test_b', 'kept_test_a'], account)).toBe('kept_test_a:3,kept_test_b:5');
    expect(await readStamp(t.db, ['kept_test_none'], account)).toBe('');
    expect(await readStamp(t.db, ['kept_test_a'], account + 1_000_000)).toBe('');
    await t.db.execute(
      sql`UPDATE list_versions SET version = 4 WHERE account_id = ${account} AND list = 'kept_test_a'`,
    );
    expect(await readStamp(t.db, ['kept_test_a', 'kept_test_b'], account)).toBe('kept_test_a:4,kept_test_b:5');
  });
});
