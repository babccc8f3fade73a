/**
 * A device's ask for an app (POST /api/agent/v1/requests with kind app; issue 12), shared by the device
 * API and the demo seed. One thread per (account, app): a new ask opens it or joins it while pending; a
 * thread denied by an administrator opens again as pending when asked for again; an approved app needs no
 * ask ('not_blocked'), and one the provider's team denied is not asked for again ('prevented'). The
 * device's own id for its ask makes a resent ask the same ask ('duplicate'). Run it in a transaction.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { CatalogueApp } from './catalogue.js';

export type AppAsk = {
  accountId: number;
  app: CatalogueApp;
  device: { id: number; name: string };
  requester: { kind: 'user' | 'server_user' | 'local_user' | null; id: number | null; name: string };
  notes: string | null;
  clientRequestId: string;
  at: Date;
};
export type AppAskStatus = 'created' | 'joined' | 'duplicate' | 'not_blocked' | 'prevented';

/** The thread of a device's earlier ask with this id, or null. */
export async function earlierAppAsk(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  clientRequestId: string,
): Promise<number | null> {
  const r = await db.execute<{ request_id: number }>(sql`SELECT request_id FROM app_request_asks
    WHERE account_id = ${accountId} AND device_id = ${deviceId} AND client_request_id = ${clientRequestId}`);
  return r.rows[0]?.request_id ?? null;
}

type Thread = { id: number; state: 'pending' | 'approved' | 'denied'; status: 'admin' | 'tech'; created: boolean };

export async function addAppAsk(db: DbOrTx, a: AppAsk): Promise<{ status: AppAskStatus; requestId: number }> {
  const earlier = await earlierAppAsk(db, a.accountId, a.device.id, a.clientRequestId);
  if (earlier !== null) return { status: 'duplicate', requestId: earlier };
  const at = a.at.toISOString();
  // The thread, made when there is none; locked either way (two asks at once: one makes it, the other waits).
  const made = await db.execute<Thread>(sql`
    INSERT INTO app_requests (account_id, app_id, title, package_name, requester_kind, requester_id, requester_name,
      requester_count, device_id, device_count, for_name, notes, requested_at, last_asked_at)
    VALUES (${a.accountId}, ${a.app.id}, ${a.app.name}, ${a.app.package_name}, ${a.requester.kind}, ${a.requester.id},
      ${a.requester.name}, 0, ${a.device.id}, 0, ${a.device.name}, ${a.notes}, ${at}, ${at})
    ON CONFLICT (account_id, app_id) DO NOTHING RETURNING id, state, status, true AS created`);
  let thread = made.rows[0];
  if (!thread) {
    const seen = (
      await db.execute<{ state: string }>(sql`SELECT state FROM app_requests
        WHERE account_id = ${a.accountId} AND app_id = ${a.app.id}`)
    ).rows[0];
    // Reopening a denied thread moves it between the kept counts: lock them first, in the order the
    // console's actions do (modules/apps/service.ts), so that an ask and an action never deadlock.
    if (seen?.state === 'denied')
      await db.execute(sql`SELECT 1 FROM app_request_counts WHERE account_id = ${a.accountId}
        ORDER BY state, status FOR UPDATE`);
    thread = (
      await db.execute<Thread>(sql`SELECT id, state, status, false AS created FROM app_requests
        WHERE account_id = ${a.accountId} AND app_id = ${a.app.id} FOR UPDATE`)
    ).rows[0]!;
  }
  if (thread.state === 'approved') return { status: 'not_blocked', requestId: thread.id };
  if (thread.state === 'denied' && thread.status === 'tech') return { status: 'prevented', requestId: thread.id };
  const reopened = thread.state === 'denied';
  if (reopened) {
    // Asked again after an administrator's denial: a new pending thread in the same row, this ask its first.
    await db.execute(sql`UPDATE app_requests SET state = 'pending', status = 'admin', requester_kind = ${a.requester.kind},
        requester_id = ${a.requester.id}, requester_name = ${a.requester.name}, device_id = ${a.device.id},
        notes = ${a.notes}, reason = NULL, review_requested = false, reviewed = false, review_notes = NULL,
        processor_id = NULL, processor_name = NULL, processed_at = NULL, requested_at = ${at}, last_asked_at = ${at},
        auto_assign = false, mandatory = false
      WHERE account_id = ${a.accountId} AND id = ${thread.id} AND state = 'denied'`);
    await db.execute(sql`DELETE FROM app_request_asks WHERE account_id = ${a.accountId} AND request_id = ${thread.id}`);
  } else if (!thread.created) {
    await db.execute(sql`UPDATE app_requests SET last_asked_at = greatest(last_asked_at, ${at}::timestamptz)
      WHERE account_id = ${a.accountId} AND id = ${thread.id}`);
  }
  const ask = await db.execute(sql`
    INSERT INTO app_request_asks (account_id, request_id, device_id, requester_kind, requester_id, requester_name,
      notes, client_request_id, asked_at)
    VALUES (${a.accountId}, ${thread.id}, ${a.device.id}, ${a.requester.kind}, ${a.requester.id}, ${a.requester.name},
      ${a.notes}, ${a.clientRequestId}, ${at})
    ON CONFLICT (account_id, device_id, client_request_id) DO NOTHING RETURNING id`);
  if (ask.rows.length === 0)
    return {
      status: 'duplicate',
      requestId: (await earlierAppAsk(db, a.accountId, a.device.id, a.clientRequestId)) ?? thread.id,
    };
  await refreshAppThreadCounts(db, a.accountId, thread.id);
  return { status: thread.created || reopened ? 'created' : 'joined', requestId: thread.id };
}

/** The thread's requester and device counts from its asks, and its For text: the one device, or 'N devices'. */
export async function refreshAppThreadCounts(db: DbOrTx, accountId: number, requestId: number): Promise<void> {
  await db.execute(sql`
    WITH a AS (
      SELECT count(DISTINCT k.device_id)::int AS devices,
        count(DISTINCT (coalesce(k.requester_kind, ''), coalesce(k.requester_id, 0), k.requester_name))
          FILTER (WHERE k.requester_id IS NOT NULL OR k.requester_name <> '')::int AS requesters,
        min(k.device_id) AS one_device
      FROM app_request_asks k WHERE k.account_id = ${accountId} AND k.request_id = ${requestId}
    )
    UPDATE app_requests r SET device_count = a.devices, requester_count = a.requesters,
      for_name = CASE WHEN a.devices = 1 THEN coalesce(d.name, '') WHEN a.devices = 0 THEN ''
        ELSE a.devices || ' devices' END
    FROM a LEFT JOIN devices d ON d.account_id = ${accountId} AND d.id = a.one_device
    WHERE r.account_id = ${accountId} AND r.id = ${requestId}`);
}
