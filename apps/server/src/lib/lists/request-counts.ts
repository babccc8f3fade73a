/**
 * What the request lists share (website and media requests, issue 11; app requests, issue 12): the six
 * counts of 001 §3 'Request counts' from the threads per 'state:status', a statement's shape (what decides
 * its text), and running a list statement named (parsed once per connection) except with a search.
 */
import type { RequestListCounts } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { executeBuilt } from '../named-statements.js';
import { searchText } from './paging.js';

/** Threads per 'state:status' ('pending:admin', 'approved:tech', ...). */
export type CountCells = Record<string, number>;

type ListView = {
  state: 'pending' | 'approved' | 'denied';
  status: 'admin' | 'tech' | 'all';
  query?: string | undefined;
  page: number;
  count: number;
  from?: number | undefined;
  to?: number | undefined;
};

/** The six counts from the cells; total_count is the list's own (its state and status). */
export function countsFromCells(q: Pick<ListView, 'state' | 'status'>, cells: CountCells): RequestListCounts {
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

/** What decides a list statement's text: the list, its filters that are on, whether there is a search, and `extra`. */
export function listShape(q: ListView, extra: Record<string, unknown>): string {
  const { query: _query, page: _page, count: _count, from, to, ...rest } = q;
  return JSON.stringify({
    ...rest,
    from: from !== undefined,
    to: to !== undefined,
    search: searchText(q) !== null,
    ...extra,
  });
}

/** Runs a list statement named, except with a search, whose plan depends on the pattern. */
export const runListStatement = <T extends Record<string, unknown>>(
  db: DbOrTx,
  q: Pick<ListView, 'query'>,
  s: { sql: string; params: unknown[] },
) => executeBuilt<T>(db, s, searchText(q) === null);
