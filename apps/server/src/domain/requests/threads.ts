/**
 * Request threads (issue 11; docs/decisions/requests.md "Requests (issue 11)"): one `access_requests` row per
 * subject while it is pending, and one `access_request_asks` row per ask of a device. Shared by the
 * device API (agent/requests), the console's requests module and the demo seed.
 *
 * The subject of a website request is the URL's host, lower-case and IDNA, without a leading 'www.';
 * of a media request the media item's host and path. An ask joins the subject's pending thread by
 * `INSERT ... ON CONFLICT` on the partial unique index of pending threads, so thirty pupils asking at
 * once make one thread; a device's own id for its ask (`client_request_id`, unique per device) makes
 * a resent ask the same ask.
 */
import { sql } from 'drizzle-orm';
import { splitUrl, type MediaType } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { addressCategory } from '../web-access/candidates.js';
import { forgetAccountRules } from '../web-access/scope-rules.js';
import { sqlArray } from '../../lib/sql-array.js';

export type RequestKind = 'website' | 'media';
export type RequesterKind = 'user' | 'server_user' | 'local_user';

export type RequestSubject = { kind: RequestKind; key: string; host: string; path: string };

/** The thread subject of a requested URL, or null when it holds no host. */
export function requestSubject(kind: RequestKind, url: string): RequestSubject | null {
  const at = splitUrl(url);
  if (!at) return null;
  if (kind === 'media') return { kind, key: at.host + at.path, host: at.host, path: at.path };
  const host = at.host.startsWith('www.') && at.host.length > 4 ? at.host.slice(4) : at.host;
  return { kind, key: host, host, path: '/' };
}

export type MediaItem = { type: MediaType; title: string; thumbnail: string; description: string };

/**
 * The `websites` row a decision's rules apply to, found or created in the account: for a website an
 * `ends_with` row of the host (created as a custom row, categorised like the address), for a media
 * item its `exact` row of kind 'media'.
 */
export async function subjectWebsiteRow(
  db: DbOrTx,
  accountId: number,
  s: RequestSubject,
  o: { url: string; media?: MediaItem | undefined } = { url: '' },
): Promise<{ id: number; categoryId: number | null }> {
  const match = s.kind === 'website' ? 'ends_with' : 'exact';
  const find = async () =>
    (
      await db.execute<{ id: number; category_id: number | null }>(sql`SELECT id, category_id FROM websites
        WHERE account_id = ${accountId} AND kind = ${s.kind} AND match_mode = ${match} AND pattern = ${s.key}`)
    ).rows[0];
  const found = await find();
  if (found) return { id: found.id, categoryId: found.category_id };
  const categoryId = await addressCategory(db, accountId, s.host, s.path);
  const media = s.kind === 'media' ? o.media : undefined;
  const url = s.kind === 'website' ? `https://${s.key}` : o.url || `https://${s.key}`;
  await db.execute(sql`
    INSERT INTO websites (account_id, kind, name, url, pattern, match_mode, host, path, category_id, is_custom,
      media_type, thumbnail, title, description)
    VALUES (${accountId}, ${s.kind}, ${media?.title || s.key}, ${url}, ${s.key}, ${match}, ${s.host}, ${s.path},
      ${categoryId}, true, ${media?.type ?? null}, ${media?.thumbnail || null}, ${media?.title ?? null},
      ${media?.description ?? ''})
    ON CONFLICT (account_id, kind, match_mode, pattern) DO NOTHING`);
  // A new row may be covered by kept rules' rows (a category's): domain/web-access/scope-rules.ts.
  forgetAccountRules(accountId);
  const made = (await find())!;
  return { id: made.id, categoryId: made.category_id };
}

/** A denied thread of the subject that prevents further asks, or null. */
export async function preventingThread(db: DbOrTx, accountId: number, s: RequestSubject): Promise<number | null> {
  const r = await db.execute<{ id: number }>(sql`SELECT id FROM access_requests
    WHERE account_id = ${accountId} AND kind = ${s.kind} AND subject_key = ${s.key} AND state = 'denied'
      AND prevent_requests ORDER BY id DESC LIMIT 1`);
  return r.rows[0]?.id ?? null;
}

export type Ask = {
  accountId: number;
  subject: RequestSubject;
  /** The subject's `websites` row; null to link it later (the demo seed, before its websites exist). */
  website: { id: number; categoryId: number | null } | null;
  url: string;
  title: string;
  device: { id: number; kind: 'machine' | 'mobile'; name: string } | null;
  requester: { kind: RequesterKind | null; id: number | null; name: string };
  notes: string | null;
  clientRequestId: string | null;
  media?: MediaItem | undefined;
  at: Date;
};

/** The thread of a device's earlier ask with this id, or null. */
export async function earlierAsk(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  clientRequestId: string,
): Promise<number | null> {
  const r = await db.execute<{ request_id: number }>(sql`SELECT request_id FROM access_request_asks
    WHERE account_id = ${accountId} AND device_id = ${deviceId} AND client_request_id = ${clientRequestId}`);
  return r.rows[0]?.request_id ?? null;
}

/**
 * Adds the ask to the subject's pending thread, made when there is none. Answers the thread and
 * whether it was created, joined, or the ask was a copy (same device and client id: nothing changes).
 * Run it in a transaction.
 */
export async function addAsk(
  db: DbOrTx,
  a: Ask,
): Promise<{ status: 'created' | 'joined' | 'duplicate'; requestId: number }> {
  if (a.device && a.clientRequestId) {
    const earlier = await earlierAsk(db, a.accountId, a.device.id, a.clientRequestId);
    if (earlier !== null) return { status: 'duplicate', requestId: earlier };
  }
  const origin = a.device ? a.device.kind : 'devices';
  const thread = await db.execute<{ id: number; created: boolean }>(sql`
    INSERT INTO access_requests (account_id, kind, state, status, website, subject_key, website_id, category_id,
      title, preview_icon, requester_kind, requester_id, requester_name, requester_count, device_count,
      association_type, association_id, for_name, device_id, notes, description, media_type, category,
      requested_at, last_asked_at)
    VALUES (${a.accountId}, ${a.subject.kind}, 'pending', 'admin', ${a.url}, ${a.subject.key}, ${a.website?.id ?? null},
      ${a.website?.categoryId ?? null}, ${a.title || a.media?.title || a.subject.key}, ${a.media?.thumbnail || null},
      ${a.requester.kind}, ${a.requester.id}, ${a.requester.name}, 0, 0, ${origin}, ${a.device?.id ?? null},
      ${a.device?.name ?? ''}, ${a.device?.id ?? null}, ${a.notes}, ${a.media?.description ?? null},
      ${a.media?.type ?? null}, NULL, ${a.at.toISOString()}, ${a.at.toISOString()})
    ON CONFLICT (account_id, kind, subject_key) WHERE state = 'pending'
    DO UPDATE SET last_asked_at = greatest(access_requests.last_asked_at, EXCLUDED.last_asked_at)
    RETURNING id, (xmax = 0) AS created`);
  const { id, created } = thread.rows[0]!;
  const ask = await db.execute(sql`
    INSERT INTO access_request_asks (account_id, request_id, device_id, requester_kind, requester_id, requester_name,
      notes, client_request_id, asked_at)
    VALUES (${a.accountId}, ${id}, ${a.device?.id ?? null}, ${a.requester.kind}, ${a.requester.id}, ${a.requester.name},
      ${a.notes}, ${a.clientRequestId}, ${a.at.toISOString()})
    ON CONFLICT (account_id, device_id, client_request_id) DO NOTHING RETURNING id`);
  if (ask.rows.length === 0) {
    // The same ask arrived twice at once: the other one stored it.
    return { status: 'duplicate', requestId: (await earlierAsk(db, a.accountId, a.device!.id, a.clientRequestId!))! };
  }
  await refreshThreadCounts(db, a.accountId, id);
  return { status: created ? 'created' : 'joined', requestId: id };
}

/**
 * The thread's counts and requester kinds from its asks, and (while pending) its origin: the one device it came from
 * ('machine' / 'mobile'), or 'devices' with '{n} devices' when several.
 */
export async function refreshThreadCounts(db: DbOrTx, accountId: number, requestId: number): Promise<void> {
  await db.execute(sql`
    WITH a AS (
      SELECT count(DISTINCT k.device_id)::int AS devices,
        count(DISTINCT (coalesce(k.requester_kind, ''), coalesce(k.requester_id, 0), k.requester_name))
          FILTER (WHERE k.requester_id IS NOT NULL OR k.requester_name <> '')::int AS requesters,
        min(k.device_id) AS one_device,
        coalesce(array_agg(DISTINCT k.requester_kind ORDER BY k.requester_kind)
          FILTER (WHERE k.requester_kind IS NOT NULL), '{}')::text[] AS kinds
      FROM access_request_asks k WHERE k.account_id = ${accountId} AND k.request_id = ${requestId}
    )
    UPDATE access_requests r SET device_count = a.devices, requester_count = a.requesters, requester_kinds = a.kinds,
      association_type = CASE WHEN r.state <> 'pending' THEN r.association_type
        WHEN a.devices = 1 THEN coalesce(d.kind, 'devices') ELSE 'devices' END,
      association_id = CASE WHEN r.state <> 'pending' THEN r.association_id
        WHEN a.devices = 1 THEN d.id ELSE NULL END,
      for_name = CASE WHEN r.state <> 'pending' THEN r.for_name
        WHEN a.devices = 1 THEN coalesce(d.name, '') WHEN a.devices = 0 THEN 'Account list'
        ELSE a.devices || ' devices' END
    FROM a LEFT JOIN devices d ON d.account_id = ${accountId} AND d.id = a.one_device
    WHERE r.account_id = ${accountId} AND r.id = ${requestId}`);
}

/**
 * The server connections of the threads' server-user requesters: where 'Approve for this server
 * connection' puts its allows, and what its impact preview counts.
 */
export async function requestersConnections(
  db: DbOrTx,
  accountId: number,
  requestIds: readonly number[],
): Promise<{ id: number; name: string }[]> {
  const r = await db.execute<{ id: number; name: string }>(sql`
    SELECT DISTINCT c.id, c.name FROM access_request_asks k
    JOIN server_users su ON su.id = k.requester_id AND su.account_id = k.account_id
    JOIN server_connections c ON c.id = su.connection_id AND c.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ANY(${sqlArray(requestIds)}::int[])
      AND k.requester_kind = 'server_user'
    ORDER BY c.id`);
  return r.rows;
}
