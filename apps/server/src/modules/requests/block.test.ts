/**
 * Block requests' notes (001 §2.6, §3 'notify {name, email}'): a block sends one "blocked" note to
 * notify.email through the outbox, names every target it blocked, keeps name and e-mail in the audit
 * entry, and sends nothing when nothing was blocked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { requestErrorText, type BlockBatchResponse, type BlockResult } from '@wayguard/contracts';
import { auditEvents, outbox } from '../../db/schema/index.js';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';

let t: TestApp;
let admin: Session;
let nf: number;
let serials: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAs(t, 'admin');
  nf = (await t.db.execute<{ id: number }>(sql`SELECT id FROM accounts ORDER BY id LIMIT 1`)).rows[0]!.id;
  serials = (
    await t.db.execute<{ serial: string }>(
      sql`SELECT serial FROM devices WHERE account_id = ${nf} AND kind = 'machine' AND deactivated_date IS NULL
        ORDER BY id LIMIT 2`,
    )
  ).rows.map((r) => r.serial);
});
afterAll(async () => t.close());

let n = 0;
const body = (extra: Record<string, unknown>) => ({
  url: `https://noted-${Date.now()}-${++n}.example`,
  reason: 'Not for lessons',
  for: 'global',
  notify: { name: 'Katie Adams', email: 'katie@nf.example' },
  ...extra,
});
const lastOutboxId = async () =>
  (await t.db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1))[0]?.id ?? 0;
const mailsAfter = (mark: number) => t.db.select().from(outbox).where(gt(outbox.id, mark));

describe('the "blocked" note (BF-05)', () => {
  it('mails notify.email once through the outbox and keeps name and e-mail in the audit entry', async () => {
    const mark = await lastOutboxId();
    const b = body({});
    const res = await call(t.app, 'POST', '/requests/block', { session: admin, payload: b });
    expect(res.json<BlockResult>()).toEqual({ success: true });
    const mails = await mailsAfter(mark);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'katie@nf.example', subject: `Website blocked: ${b.url}`, accountId: nf });
    expect(mails[0]!.text).toContain('Hello Katie Adams,');
    expect(mails[0]!.text).toContain(`${b.url} has been blocked in Wayguard Console for the whole account.`);
    expect(mails[0]!.text).toContain('Reason: Not for lessons');
    expect(mails[0]!.text).toContain('Blocked by Alex Morgan.');
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'request.block_website'), eq(auditEvents.accountId, nf)))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(entry!.details).toMatchObject({ url: b.url, notify: { name: 'Katie Adams', email: 'katie@nf.example' } });
  });

  it('mails nothing when the block is refused (AC058)', async () => {
    const b = body({});
    expect((await call(t.app, 'POST', '/requests/block', { session: admin, payload: b })).statusCode).toBe(200);
    const mark = await lastOutboxId();
    const again = await call(t.app, 'POST', '/requests/block', { session: admin, payload: b });
    expect(again.json<BlockResult>()).toEqual({
      success: false,
      error: 'AC058',
      message: requestErrorText('AC058'),
    });
    expect(await mailsAfter(mark)).toEqual([]);
  });

  it('a batch sends one note naming the targets it blocked, not those refused', async () => {
    const b = body({ for: 'device' });
    // The first device already blocks the site: its item is refused, the second is blocked.
    const first = await call(t.app, 'POST', '/requests/block', {
      session: admin,
      payload: { ...b, device: { id: serials[0], type: 'machine' } },
    });
    expect(first.json<BlockResult>()).toEqual({ success: true });
    const mark = await lastOutboxId();
    const res = await call(t.app, 'POST', '/requests/block/batch', {
      session: admin,
      payload: { ...b, items: serials.map((id) => ({ id, type: 'machine' })) },
    });
    const map = res.json<BlockBatchResponse>();
    expect(map[`machine:${serials[0]}`]).toMatchObject({ success: false, error: 'AC058' });
    expect(map[`machine:${serials[1]}`]).toEqual({ success: true });
    const mails = await mailsAfter(mark);
    expect(mails).toHaveLength(1);
    const name = (await t.db.execute<{ name: string }>(sql`SELECT name FROM devices WHERE serial = ${serials[1]!}`))
      .rows[0]!.name;
    expect(mails[0]!.text).toContain(`for the device ${name}.`);
  });
});
