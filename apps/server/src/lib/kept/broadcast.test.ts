/**
 * Forgets between processes (broadcast.ts): a forget sent inside a transaction is heard by every
 * listener when it commits, never when it rolls back; a listener that drops tells every kind to forget
 * everything and says forgets are not heard until it is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../test/db.js';
import {
  broadcastForget,
  ECHO_WAIT_MS,
  ForgetListener,
  forgetsEchoed,
  forgetsHeard,
  forgetsInFlight,
  onForget,
} from './broadcast.js';

let t: TestDb;
let listener: ForgetListener;
const log = { warn: () => undefined, info: () => undefined };

beforeAll(async () => {
  t = await createTestDb();
  listener = new ForgetListener({ connectionString: t.url }, log);
  await listener.start();
});
afterAll(async () => {
  await listener.close();
  await t.pool.end();
});

async function until(test: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('not heard');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('broadcastForget', () => {
  it('is heard at commit, and not at all when the transaction rolls back', async () => {
    const heard: (string | null)[] = [];
    const off = onForget('kepttest', (key) => heard.push(key));
    expect(forgetsHeard()).toBe(true);
    await t.db
      .transaction(async (tx) => {
        await broadcastForget(tx, 'kepttest', 'undone');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await t.db.transaction(async (tx) => {
      await broadcastForget(tx, 'kepttest', 7);
      await new Promise((r) => setTimeout(r, 50));
      expect(heard).toEqual([]);
    });
    await until(() => heard.length > 0);
    expect(heard).toEqual(['7']);
    off();
  });

  it('an answer that sent a forget waits until this process heard it back, and not for a rolled-back one', async () => {
    const heard: (string | null)[] = [];
    const off = onForget('keptecho', (key) => heard.push(key));
    await t.db
      .transaction(async (tx) => {
        await broadcastForget(tx, 'keptecho', 'undone');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(forgetsInFlight()).toBe(true);
    const started = Date.now();
    await forgetsEchoed();
    expect(Date.now() - started).toBeGreaterThanOrEqual(ECHO_WAIT_MS - 100);
    expect(forgetsInFlight()).toBe(false);
    await t.db.transaction(async (tx) => broadcastForget(tx, 'keptecho', 'sent'));
    await forgetsEchoed();
    expect(forgetsInFlight()).toBe(false);
    expect(heard).toContain('sent');
    expect(heard).not.toContain('undone');
    off();
  });

  it('a dropped listener forgets everything, hears nothing until it is back, then forgets everything again', async () => {
    const heard: (string | null)[] = [];
    const off = onForget('kepttest', (key) => heard.push(key));
    const pid = await listener.backendPid();
    await t.db.execute(sql`SELECT pg_terminate_backend(${pid})`);
    await until(() => !forgetsHeard());
    expect(heard).toContain(null);
    await until(() => forgetsHeard());
    heard.length = 0;
    await broadcastForget(t.db, 'kepttest', 'back');
    await until(() => heard.includes('back'));
    off();
  });

  it("refuses a kind with ':'", () => {
    expect(() => onForget('a:b', () => undefined)).toThrow();
  });
});
