/**
 * A thread list's six counts (001 §3 'Request counts') from the threads per 'state:status': those of a
 * list that filters on nothing of its own (its kind aside) are the counts table's (kept by triggers:
 * exact at once); other counts of `countsKeptFrom` threads or more are kept 15 seconds
 * (lib/lists/count-cache.ts), and are never kept when the list's counts move with the clock.
 */
import type { RequestListCounts } from '@wayguard/contracts';
import type { DbOrTx } from '../../../db/client.js';
import type { CountCells, ThreadList, ThreadListQuery } from './spec.js';
import { THREAD_SLOTS } from './spec.js';
import { countsSql, filtersOnNothing, listShape, runListStatement, slotValues } from './statements.js';

/** The six counts from the cells; total_count is the list's own (its state and status). */
export function countsFromCells(q: Pick<ThreadListQuery, 'state' | 'status'>, cells: CountCells): RequestListCounts {
  const cell = (k: string) => cells[k] ?? 0;
  const pendingAdmin = cell('pending:admin');
  const pendingTech = cell('pending:tech');
  const approved = cell('approved:admin') + cell('approved:tech');
  const denied = cell('denied:admin') + cell('denied:tech');
  const own =
    q.status === 'all'
      ? { pending: pendingAdmin + pendingTech, approved, denied }[q.state]
      : cell(`${q.state}:${q.status}`);
  return {
    total_count: own,
    total_pending_admin_count: pendingAdmin,
    total_pending_tech_count: pendingTech,
    total_pending_count: pendingAdmin + pendingTech,
    total_approved_count: approved,
    total_denied_count: denied,
  };
}

/** The threads per 'state:status' that the list's filters keep, counted now. */
export async function countCells<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  list: ThreadList<Q, S, Row>,
  db: DbOrTx,
  accountId: number,
  q: Q,
  now: Date,
): Promise<CountCells> {
  const r = { accountId, q, now, slots: THREAD_SLOTS };
  const statement = list.kept.statements.fill(
    listShape(q, { counts: true }),
    () => countsSql(list.spec, r),
    slotValues(list.spec, r),
  )!;
  const counted = await runListStatement<{ state: string; status: string; n: number }>(db, q, statement);
  return Object.fromEntries(counted.rows.map((x) => [`${x.state}:${x.status}`, Number(x.n)]));
}

/** The six counts of the list's filters: the counts table's, or kept ones when there are. */
export async function listCounts<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  list: ThreadList<Q, S, Row>,
  db: DbOrTx,
  accountId: number,
  q: Q,
  now: Date,
): Promise<RequestListCounts> {
  const key = filtersOnNothing(list.spec, q) ? null : list.spec.countsKey(q);
  if (key === null) return countsFromCells(q, await countCells(list, db, accountId, q, now));
  const cells = await list.kept.counts.total(accountId, JSON.stringify(key), () =>
    countCells(list, db, accountId, q, now),
  );
  return countsFromCells(q, cells);
}
