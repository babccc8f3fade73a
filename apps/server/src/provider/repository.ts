/**
 * The provider's review API's queries (issue 11). The queue reads every account's escalated threads
 * (state pending, status tech) through the partial index access_requests_provider_queue_idx; the team
 * stands outside every account, so these are the only queries of tenant tables not scoped by one
 * account (a decision then acts inside the thread's account: service.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { categoryById, type ProviderQueueSort, type ProviderQueueRow } from '@wayguard/contracts';
import type { DbOrTx } from '../db/client.js';
import { likePattern, listPage, searchText, sortColumn, sortDirection } from '../lib/lists/paging.js';

export type StaffRow = { id: number; username: string; full_name: string; password_hash: string; status: string };

export async function staffByUsername(db: DbOrTx, username: string): Promise<StaffRow | null> {
  const r = await db.execute<StaffRow>(sql`SELECT id, username, full_name, password_hash, status FROM provider_staff
    WHERE lower(username) = ${username.toLowerCase()}`);
  return r.rows[0] ?? null;
}

const ESCALATED = sql`coalesce(r.review_requested_at, r.requested_at)`;
const SORTS: Readonly<Record<ProviderQueueSort, SQL>> = {
  escalated: ESCALATED,
  requested: sql`r.requested_at`,
  website: sql`lower(r.website)`,
  account: sql`lower(a.name)`,
};

type Raw = {
  id: number;
  kind: 'website' | 'media';
  account_id: number;
  account_name: string;
  website: string;
  title: string;
  category_id: number | null;
  requester_count: number;
  device_count: number;
  review_notes: string | null;
  review_requested_by: string | null;
  escalated: number;
  requested: number;
};

const COLUMNS = sql`r.id, r.kind, r.account_id, a.name AS account_name, r.website, r.title, r.category_id,
  r.requester_count, r.device_count, r.review_notes, r.review_requested_by,
  extract(epoch FROM ${ESCALATED})::bigint::int AS escalated, extract(epoch FROM r.requested_at)::bigint::int AS requested`;
const FROM = sql`access_requests r JOIN accounts a ON a.id = r.account_id`;
const QUEUED = sql`r.state = 'pending' AND r.status = 'tech'`;

export const toRow = (r: Raw): ProviderQueueRow => ({
  id: r.id,
  kind: r.kind,
  account: { id: r.account_id, name: r.account_name },
  website: r.website,
  title: r.title,
  category: r.category_id === null ? '' : (categoryById(r.category_id)?.name ?? ''),
  requester_count: r.requester_count,
  device_count: r.device_count,
  review_reason: r.review_notes ?? '',
  escalated_by: r.review_requested_by ?? '',
  escalated: Number(r.escalated),
  requested: Number(r.requested),
});

export async function queuePage(
  db: DbOrTx,
  q: {
    page: number;
    count: number;
    reverse_order?: boolean | undefined;
    query?: string | undefined;
    sort_by: ProviderQueueSort;
    kind: 'all' | 'website' | 'media';
  },
): Promise<{ rows: ProviderQueueRow[]; total: number }> {
  const text = searchText(q);
  const where = sql.join(
    [
      QUEUED,
      ...(q.kind === 'all' ? [] : [sql`r.kind = ${q.kind}`]),
      ...(text
        ? [
            sql`(lower(r.website) LIKE ${likePattern(text.toLowerCase())} OR lower(r.title) LIKE ${likePattern(text.toLowerCase())}
              OR lower(a.name) LIKE ${likePattern(text.toLowerCase())})`,
          ]
        : []),
    ],
    sql` AND `,
  );
  const dir = sortDirection(q);
  return listPage(
    q,
    async () =>
      (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${FROM} WHERE ${where}`)).rows[0]!.n,
    async (w) =>
      (
        await db.execute<Raw>(sql`SELECT ${COLUMNS} FROM ${FROM} WHERE ${where}
          ORDER BY ${sortColumn(SORTS, q.sort_by)} ${dir}, r.id ${dir} LIMIT ${w.limit} OFFSET ${w.offset}`)
      ).rows.map(toRow),
  );
}

/** One escalated thread (any account), locked for a decision when `lock`; null when it is not in the queue. */
export async function queuedThread(db: DbOrTx, id: number, lock = false) {
  const r = await db.execute<
    Raw & { website_id: number | null; state: 'pending' | 'approved' | 'denied'; status: 'admin' | 'tech' }
  >(sql`SELECT ${COLUMNS}, r.website_id, r.state, r.status FROM ${FROM} WHERE r.id = ${id}
    ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return r.rows[0] ?? null;
}

export async function threadAsks(db: DbOrTx, accountId: number, id: number) {
  const r = await db.execute<{
    requester_name: string;
    device: string | null;
    notes: string | null;
    asked: number;
  }>(sql`
    SELECT k.requester_name, d.name AS device, k.notes, extract(epoch FROM k.asked_at)::bigint::int AS asked
    FROM access_request_asks k LEFT JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ${id} ORDER BY k.asked_at, k.id LIMIT 200`);
  return r.rows;
}
