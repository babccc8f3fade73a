/**
 * A node's list page kept (kept-answers.ts) only while it holds: the same bytes again within the
 * validity, a new answer once a rule that decides a row expires or its schedule's minute ends, or a rule
 * changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { websitesListQuery } from '@wayguard/contracts';
import type { Actor } from '../../domain/access/actor.js';
import { localWeekMinute } from '../../domain/web-access/schedule.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { accountOf, addRule, addWebsite, deviceOf } from '../../test/web-access-data.js';
import { listNodeItemsAnswer } from './kept-answers.js';

let t: TestApp;
let nf: number;
let device: number;
let actor: Actor;
let timeZone: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' });
  nf = await accountOf(t.db, 'NF-100245');
  device = (await deviceOf(t.db, 'NFPC1001')).id;
  actor = {
    userId: 0,
    accountId: nf,
    username: 'test',
    name: 'test',
    role: 'console_admin',
    ip: '127.0.0.1',
    sessionIdHash: '',
  };
  timeZone = (await t.db.execute<{ time_zone: string }>(sql`SELECT time_zone FROM accounts WHERE id = ${nf}`)).rows[0]!
    .time_zone;
});
afterAll(async () => t.close());

const page = async (name: string, at: Date) => {
  const q = websitesListQuery.parse({ id: 'NFPC1001', type: 'machine', query: name });
  const body = await listNodeItemsAnswer(t.db, actor, 'website', q, at);
  return { body, row: (JSON.parse(body.toString()) as { result: { name: string; access: string }[] }).result[0]! };
};

describe("a node's kept list page", () => {
  it('holds until a deciding rule expires', async () => {
    const now = new Date();
    const site = await addWebsite(t.db, nf, { name: 'zqexpiring.example' });
    await addRule(t.db, nf, {
      scope: 'device',
      scopeId: device,
      subject: 'website',
      subjectId: site,
      action: 'BLOCK',
      expiresAt: new Date(now.getTime() + 30_000),
    });
    const first = await page('zqexpiring', now);
    expect(first.row).toMatchObject({ name: 'zqexpiring.example', access: 'BLOCK' });
    expect((await page('zqexpiring', new Date(now.getTime() + 10_000))).body).toBe(first.body);
    expect((await page('zqexpiring', new Date(now.getTime() + 31_000))).row.access).toBe('ALLOW');
  });

  it("holds until its schedule's minute ends", async () => {
    const now = new Date();
    const { day, minute } = localWeekMinute(now, timeZone);
    const site = await addWebsite(t.db, nf, { name: 'zqscheduled.example' });
    await addRule(t.db, nf, {
      scope: 'device',
      scopeId: device,
      subject: 'website',
      subjectId: site,
      action: 'BLOCK',
      schedule: { windows: [{ day, from_minute: minute, to_minute: minute + 1 }] },
    });
    const first = await page('zqscheduled', now);
    expect(first.row.access).toBe('BLOCK');
    expect((await page('zqscheduled', new Date(now.getTime() + 60_000))).row.access).toBe('ALLOW');
  });

  it('is built again when a rule changes, however it was written', async () => {
    const now = new Date();
    const site = await addWebsite(t.db, nf, { name: 'zqchanged.example' });
    const first = await page('zqchanged', now);
    expect(first.row.access).toBe('ALLOW');
    await addRule(t.db, nf, { scope: 'device', scopeId: device, subject: 'website', subjectId: site, action: 'BLOCK' });
    expect((await page('zqchanged', now)).row.access).toBe('BLOCK');
  });
});
