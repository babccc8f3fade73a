/**
 * The statements of the requests' actions (service.ts): bookmarks, what an approval reads (the asking
 * users, the devices chosen, the thread's rules, the website group), and each action's conditional
 * UPDATE (... AND state = <the state read> RETURNING id: false when another administrator moved the
 * thread first).
 */
import { sql } from 'drizzle-orm';
import type { RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../../db/client.js';
import { sqlArray } from '../../../lib/sql-array.js';
import type { SubjectRef } from '../../../domain/web-access/rule-writer.js';

type Processor = { id: number; name: string };

/** Sets or clears the bookmark of the account's approved threads of this kind; answers those changed. */
export async function setBookmarks(
  tx: DbOrTx,
  accountId: number,
  kind: 'website' | 'media',
  ids: readonly number[],
  on: boolean,
): Promise<number[]> {
  const r = await tx.execute<{ id: number }>(sql`UPDATE access_requests SET bookmarked = ${on}
        WHERE account_id = ${accountId} AND kind = ${kind} AND id = ANY(${sqlArray([...ids])}::int[]) AND state = 'approved'
        RETURNING id`);
  return r.rows.map((x) => x.id);
}

/** The account's time zone (an approval that ends 'today' ends in it). */
export async function accountTimeZone(tx: DbOrTx, accountId: number): Promise<string> {
  const r = await tx.execute<{ time_zone: string }>(sql`SELECT time_zone FROM accounts WHERE id = ${accountId}`);
  return r.rows[0]!.time_zone;
}

/** The account's website group, or null. */
export async function websiteGroupById(tx: DbOrTx, accountId: number, id: number) {
  const r = await tx.execute<{ id: number; name: string }>(
    sql`SELECT id, name FROM website_groups WHERE account_id = ${accountId} AND id = ${id}`,
  );
  return r.rows[0] ?? null;
}

/**
 * The account's counts of this kind (kept by the triggers of migration 0015), locked in one order before
 * any thread moves between them: two actions at once never lock them in opposite orders.
 */
export async function lockRequestCounts(tx: DbOrTx, accountId: number, kind: 'website' | 'media'): Promise<void> {
  await tx.execute(sql`SELECT 1 FROM access_request_counts WHERE account_id = ${accountId} AND kind = ${kind}
      ORDER BY state, status FOR UPDATE`);
}

/** Devices given by (serial, kind) found in the account. */
export async function devicesBySerial(tx: DbOrTx, accountId: number, given: readonly { id: string; type: string }[]) {
  const r = await tx.execute<{ id: number; kind: 'machine' | 'mobile'; name: string; serial: string }>(sql`
    SELECT d.id, d.kind, d.name, d.serial FROM unnest(${sqlArray(given.map((g) => g.id))}::text[], ${sqlArray(given.map((g) => g.type))}::text[]) AS g(serial, kind)
    JOIN devices d ON d.account_id = ${accountId} AND d.serial = g.serial AND d.kind = g.kind ORDER BY d.id`);
  return r.rows;
}

/** The users who asked in the thread, each once (a user approval's targets). */
export async function askingUsers(tx: DbOrTx, accountId: number, id: number) {
  const r = await tx.execute<{ kind: 'user' | 'server_user' | 'local_user'; id: number; name: string }>(sql`
          SELECT DISTINCT requester_kind AS kind, requester_id AS id, requester_name AS name FROM access_request_asks
          WHERE account_id = ${accountId} AND request_id = ${id} AND requester_kind IS NOT NULL
            AND requester_id IS NOT NULL ORDER BY 1, 2`);
  return r.rows;
}

/** The rules this thread made (their source), to remove or turn into blocks. */
export async function rulesOfThread(tx: DbOrTx, accountId: number, id: number) {
  const r = await tx.execute<{
    scope_kind: 'account' | 'connection' | 'user' | 'device';
    user_kind: '' | 'console' | 'server' | 'local';
    scope_id: number;
    subject_kind: SubjectRef['kind'];
    subject_id: number;
  }>(sql`SELECT scope_kind, user_kind, scope_id, subject_kind, subject_id FROM web_access_rules
    WHERE account_id = ${accountId} AND source_kind = 'request' AND request_id = ${id} ORDER BY id`);
  return r.rows.map((x) => ({
    subject: { kind: x.subject_kind, id: x.subject_id },
    scope: (x.scope_kind === 'account'
      ? { kind: 'account' }
      : x.scope_kind === 'user'
        ? { kind: 'user', user_kind: x.user_kind || 'console', id: x.scope_id, name: '' }
        : { kind: x.scope_kind, id: x.scope_id, name: '' }) as RuleScope,
  }));
}

/** How many devices the thread's rules allow. */
export async function deviceRuleCount(tx: DbOrTx, accountId: number, id: number): Promise<number> {
  const r = await tx.execute<{
    n: number;
  }>(sql`SELECT count(*)::int AS n FROM web_access_rules WHERE account_id = ${accountId}
            AND source_kind = 'request' AND request_id = ${id} AND scope_kind = 'device'`);
  return r.rows[0]!.n;
}

/** Denies the thread found in `from`: false when it moved meanwhile. */
export async function markDenied(
  tx: DbOrTx,
  accountId: number,
  id: number,
  o: { from: string; reason: string | null; prevent: boolean; processor: Processor; now: Date },
): Promise<boolean> {
  const r = await tx.execute(sql`UPDATE access_requests SET state = 'denied', status = 'admin',
        reason = ${o.reason}, prevent_requests = ${o.prevent},
        processor_id = ${o.processor.id}, processor_name = ${o.processor.name}, processed_at = ${o.now.toISOString()},
        expires_at = NULL, bookmarked = false
        WHERE account_id = ${accountId} AND id = ${id} AND state = ${o.from} RETURNING id`);
  return r.rows.length > 0;
}

/** The subject's pending thread, locked (at most one: a partial unique index). */
export async function pendingOfSubject(tx: DbOrTx, accountId: number, kind: string, subjectKey: string) {
  const r = await tx.execute<{ id: number; status: 'admin' | 'tech' }>(sql`SELECT id, status
        FROM access_requests WHERE account_id = ${accountId} AND kind = ${kind}
          AND subject_key = ${subjectKey} AND state = 'pending' FOR UPDATE`);
  return r.rows[0];
}

/** Moves the asks of thread `from` to thread `to` and deletes `from`. */
export async function mergeThreadInto(tx: DbOrTx, accountId: number, from: number, to: number): Promise<void> {
  await tx.execute(sql`UPDATE access_request_asks SET request_id = ${to}
          WHERE account_id = ${accountId} AND request_id = ${from}`);
  await tx.execute(sql`DELETE FROM access_requests WHERE account_id = ${accountId} AND id = ${from}`);
}

/** Adds the website to the group (nothing when it is a member already). */
export async function addGroupMember(tx: DbOrTx, accountId: number, groupId: number, websiteId: number): Promise<void> {
  await tx.execute(sql`INSERT INTO website_group_members (account_id, group_id, website_id)
        VALUES (${accountId}, ${groupId}, ${websiteId}) ON CONFLICT DO NOTHING`);
}

/** An approved thread's association widened to the `n` devices it now allows: false when it moved meanwhile. */
export async function widenToDevices(tx: DbOrTx, accountId: number, id: number, n: number): Promise<boolean> {
  const r = await tx.execute(sql`UPDATE access_requests SET
          association_type = CASE WHEN ${n}::int > 1 OR association_type = 'devices' THEN 'devices' ELSE association_type END,
          association_id = CASE WHEN ${n}::int > 1 THEN NULL ELSE association_id END,
          for_name = CASE WHEN ${n}::int > 1 THEN ${n}::int || ' devices' ELSE for_name END
          WHERE account_id = ${accountId} AND id = ${id} AND state = 'approved' RETURNING id`);
  return r.rows.length > 0;
}
