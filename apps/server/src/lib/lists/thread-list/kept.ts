/**
 * A thread list's kept answer and what a change forgets. The answer is kept while the account's rows are
 * unchanged (lib/lists/list-answers.ts: the declaration's `versions`), except for views that move with
 * the clock (`countsKey` null). A change this process made to the account's threads forgets its kept
 * counts and page starts at once.
 */
import type { DbOrTx } from '../../../db/client.js';
import type { ThreadList, ThreadListQuery } from './spec.js';

/**
 * The list's answer for the query, as the JSON bytes to send. `period`: a view whose answer also moves
 * with the clock, a little, is kept within that period only (its text joins the key), e.g. the minute.
 */
export function threadListAnswer<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  list: ThreadList<Q, S, Row>,
  db: DbOrTx,
  accountId: number,
  q: Q,
  build: () => Promise<unknown>,
  period?: string,
): Promise<Buffer> {
  const key = list.spec.countsKey(q) === null ? null : JSON.stringify(q) + (period === undefined ? '' : `@${period}`);
  return list.kept.answers.answer(db, accountId, key, build);
}

/** A change this process made to the account's threads: its kept counts and page starts go at once. */
export function threadListChanged<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  list: ThreadList<Q, S, Row>,
  accountId: number,
): void {
  list.kept.counts.forget(accountId);
  list.kept.anchors.forget(accountId);
}
