/**
 * The provider's review API's queries (issue 11). The queue reads every account's escalated threads
 * (state pending, status tech): website and media threads through the partial index
 * access_requests_provider_queue_idx, app threads through app_requests_provider_queue_idx (migration
 * 0017), as one relation (UNION ALL) sorted and paged together; the team
 * stands outside every account, so these are the only queries of tenant tables not scoped by one
 * account (a decision then acts inside the thread's account: service.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  categoryById,
  type ProviderQueueRow,
  type ProviderQueueSort,
  type ProviderThreadKind,
  type providerQueueQuery,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { likePattern, listPage, searchText, sortColumn, sortDirection } from '../lib/lists/paging.js';

export type StaffRow = {
  id: number;
  username: string;
  full_name: string;
  password_hash: string;
  status: string;
  totp_secret: string | null;
};

export async function staffByUsername(db: DbOrTx, username: string): Promise<StaffRow | null> {
  const r = await db.execute<StaffRow>(sql`SELECT id, username, full_name, password_hash, status, totp_secret
    FROM provider_staff WHERE lower(username) = ${username.toLowerCase()}`);
  return r.rows[0] ?? null;
}

/**
 * Accepts a TOTP time step for an active member once: only a step later than the last accepted one is
 * taken (a replayed code, or an older one, is refused), by a conditional update, so that of two sign-ins
 * with the same code exactly one wins. Records the sign-in's time.
 */
export async function consumeTotpStep(db: DbOrTx, staffId: number, step: number): Promise<boolean> {
  const r = await db.execute(sql`UPDATE provider_staff SET totp_last_counter = ${step}, last_sign_in_at = now()
    WHERE id = ${staffId} AND status = 'active' AND (totp_last_counter IS NULL OR totp_last_counter < ${step})
    RETURNING id`);
  return r.rows.length === 1;
}

/** The queue's rows as one relation: website and media threads (access_requests) and app threads. */
type Raw = {
  id: number;
  kind: ProviderThreadKind;
  account_id: number;
  account_name: string;
  website: string;
  title: string;
  category_id: number | null;
  classification: string | null;
  icon_url: string | null;
  requester_count: number;
  device_count: number;
  review_notes: string | null;
  review_requested_by: string | null;
  escalated: number;
  requested: number;
};

const SORTS: Readonly<Record<ProviderQueueSort, SQL>> = {
  escalated: sql`q.escalated_at`,
  requested: sql`q.requested_at`,
  website: sql`lower(q.website)`,
  account: sql`lower(q.account_name)`,
};

const QUEUED = sql`r.state = 'pending' AND r.status = 'tech'`;
const ESCALATED = sql`coalesce(r.review_requested_at, r.requested_at)`;
const WEB_COLUMNS = sql`r.id, r.kind, r.website, r.title, r.category_id, NULL::text AS classification,
  NULL::text AS icon_url`;
const APP_COLUMNS = sql`r.id, 'app'::text AS kind, r.package_name AS website, r.title, NULL::int AS category_id,
  p.classification, p.image_url AS icon_url`;
const SHARED = sql`r.account_id, a.name AS account_name, r.requester_count, r.device_count, r.review_notes,
  r.review_requested_by`;
const WEB_FROM = sql`access_requests r JOIN accounts a ON a.id = r.account_id`;
const APP_FROM = sql`app_requests r JOIN accounts a ON a.id = r.account_id JOIN apps p ON p.id = r.app_id`;
/** The union's times, read as unix seconds at the end. */
const TIMES = sql`${ESCALATED} AS escalated_at, r.requested_at`;
const EPOCHS = sql`extract(epoch FROM ${ESCALATED})::bigint::int AS escalated,
  extract(epoch FROM r.requested_at)::bigint::int AS requested`;
const OUT = sql`q.id, q.kind, q.account_id, q.account_name, q.website, q.title, q.category_id, q.classification,
  q.icon_url, q.requester_count, q.device_count, q.review_notes, q.review_requested_by,
  extract(epoch FROM q.escalated_at)::bigint::int AS escalated, extract(epoch FROM q.requested_at)::bigint::int AS requested`;

export const toRow = (r: Raw): ProviderQueueRow => ({
  id: r.id,
  kind: r.kind,
  account: { id: r.account_id, name: r.account_name },
  website: r.website,
  title: r.title,
  category:
    r.kind === 'app'
      ? (r.classification ?? '')
      : r.category_id === null
        ? ''
        : (categoryById(r.category_id)?.name ?? ''),
  app: r.kind === 'app' ? { package_name: r.website, name: r.title, icon_url: r.icon_url ?? '' } : null,
  requester_count: r.requester_count,
  device_count: r.device_count,
  review_reason: r.review_notes ?? '',
  escalated_by: r.review_requested_by ?? '',
  escalated: Number(r.escalated),
  requested: Number(r.requested),
});

/** The queued threads of the kinds asked for, searched, as one relation `q`. */
function queued(kind: z.output<typeof providerQueueQuery>['kind'], text: string | null): SQL {
  const search = (cols: SQL[]) =>
    text
      ? [
          sql`(${sql.join(
            cols.map((c) => sql`lower(${c}) LIKE ${likePattern(text.toLowerCase())}`),
            sql` OR `,
          )})`,
        ]
      : [];
  const web = sql`SELECT ${WEB_COLUMNS}, ${SHARED}, ${TIMES} FROM ${WEB_FROM} WHERE ${sql.join(
    [
      QUEUED,
      ...(kind === 'all' ? [] : [sql`r.kind = ${kind}`]),
      ...search([sql`r.website`, sql`r.title`, sql`a.name`]),
    ],
    sql` AND `,
  )}`;
  const app = sql`SELECT ${APP_COLUMNS}, ${SHARED}, ${TIMES} FROM ${APP_FROM} WHERE ${sql.join(
    [QUEUED, ...search([sql`r.package_name`, sql`r.title`, sql`a.name`])],
    sql` AND `,
  )}`;
  const parts = kind === 'app' ? [app] : kind === 'all' ? [web, app] : [web];
  return sql`(${sql.join(parts, sql` UNION ALL `)}) q`;
}

export async function queuePage(
  db: DbOrTx,
  q: {
    page: number;
    count: number;
    reverse_order?: boolean | undefined;
    query?: string | undefined;
    sort_by: ProviderQueueSort;
    kind: z.output<typeof providerQueueQuery>['kind'];
  },
): Promise<{ rows: ProviderQueueRow[]; total: number }> {
  const from = queued(q.kind, searchText(q));
  const dir = sortDirection(q);
  return listPage(
    q,
    async () => (await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${from}`)).rows[0]!.n,
    async (w) =>
      (
        await db.execute<Raw>(sql`SELECT ${OUT} FROM ${from}
          ORDER BY ${sortColumn(SORTS, q.sort_by)} ${dir}, q.id ${dir}, q.kind ${dir} LIMIT ${w.limit} OFFSET ${w.offset}`)
      ).rows.map(toRow),
  );
}

type Thread = Raw & { state: 'pending' | 'approved' | 'denied'; status: 'admin' | 'tech' };

/** One website or media thread (any account), locked for a decision when `lock`; null when unknown. */
export async function queuedThread(db: DbOrTx, kind: 'website' | 'media', id: number, lock = false) {
  const r = await db.execute<
    Thread & { kind: 'website' | 'media'; website_id: number | null }
  >(sql`SELECT ${WEB_COLUMNS}, ${SHARED}, ${EPOCHS},
      r.website_id, r.state, r.status
    FROM ${WEB_FROM} WHERE r.id = ${id} AND r.kind = ${kind} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return r.rows[0] ?? null;
}

/** One app thread (any account), locked for a decision when `lock`; null when unknown. */
export async function queuedAppThread(db: DbOrTx, id: number, lock = false) {
  const r = await db.execute<Thread & { app_id: number }>(sql`SELECT ${APP_COLUMNS}, ${SHARED}, ${EPOCHS},
      r.app_id, r.state, r.status
    FROM ${APP_FROM} WHERE r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return r.rows[0] ?? null;
}

/** A thread's asks (the details): an app thread's from app_request_asks. */
export async function threadAsks(db: DbOrTx, kind: ProviderThreadKind, accountId: number, id: number) {
  const asks = kind === 'app' ? sql`app_request_asks` : sql`access_request_asks`;
  const r = await db.execute<{
    requester_name: string;
    device: string | null;
    notes: string | null;
    asked: number;
  }>(sql`
    SELECT k.requester_name, d.name AS device, k.notes, extract(epoch FROM k.asked_at)::bigint::int AS asked
    FROM ${asks} k LEFT JOIN devices d ON d.id = k.device_id AND d.account_id = k.account_id
    WHERE k.account_id = ${accountId} AND k.request_id = ${id} ORDER BY k.asked_at, k.id LIMIT 200`);
  return r.rows;
}
