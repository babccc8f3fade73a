/**
 * A request thread list's declaration (the website and media requests, issue 11; the app requests, issue
 * 12): what a module declares of its list (its table, its counts table, a row's columns and joins, its sort
 * columns, its searched columns and its own filters) and what the list keeps in the process (its statement
 * templates, counts, page starts and answers). The named steps that read it take the declaration:
 * statements.ts (its SQL), counts.ts (the six counts), page.ts (one page with its counts), export.ts (the
 * workbook's columns and select), kept.ts (the kept answer, and forgetting on a change).
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { RequestListCounts } from '@wayguard/contracts';
import { createStatementTemplates, type StatementTemplates } from '../../statement-templates.js';
import { createCountCache, type CountCache } from '../count-cache.js';
import { createListAnswers, type ListAnswers } from '../list-answers.js';
import { createPageAnchors, type PageAnchors } from '../page-anchors.js';
import type { ListParams } from '../paging.js';

/** What every thread list's query holds (its contract's query after validation). */
export type ThreadListQuery<S extends string = string> = ListParams & {
  state: 'pending' | 'approved' | 'denied';
  status: 'admin' | 'tech' | 'all';
  from?: number | undefined;
  to?: number | undefined;
  sort_by?: S | undefined;
};

/**
 * A value of the list's statement: in a statement template, the placeholder `name` (filled per request
 * from the declaration's `params`); written in directly otherwise (the export).
 */
export type ParamOf = (name: string) => unknown;

export type ThreadListSpec<Q extends ThreadListQuery<S>, S extends string> = {
  /** The threads' table (alias `r` in every statement) and the counts its triggers keep. */
  table: string;
  countsTable: string;
  /** A row's columns as the list and the export read them, and what they need joined to `r`. */
  columns: SQL;
  joins: SQL;
  /** The list's kind, when the table holds several (`r.kind`, `c.kind`). */
  kind?: (q: Q) => string;
  /** The column of each of the contract's sort keys, the ones that may be null, and the times. */
  sortColumns: Readonly<Record<S, string>>;
  nullable: ReadonlySet<S>;
  timestamps: ReadonlySet<S>;
  defaultSort: (state: Q['state']) => { sort_by: S; reverse_order: boolean };
  /** The columns of `r` the search matches, in order. */
  searched: readonly string[];
  /** The list's own filters (kind, state, status, dates and search aside), after the search; none when off. */
  filters?: (q: Q, param: ParamOf) => SQL[];
  /** The values of the placeholders `filters` names, for this request. */
  params?: (q: Q, now: Date) => Record<string, unknown>;
  /** What decides the kept counts of a filtered list; null: never kept (they move with the clock). */
  countsKey: (q: Q) => unknown[] | null;
  /** Counts of this many threads or more are kept. */
  countsKeptFrom: number;
  /** The versioned tables (db/schema/list-versions.ts) whose changes move the list's answers. */
  versions: readonly string[];
};

/** Threads per 'state:status' ('pending:admin', 'approved:tech', ...). */
export type CountCells = Record<string, number>;

/** What the list keeps in the process, beside its declaration. */
export type ThreadListKept = {
  statements: StatementTemplates;
  counts: CountCache<CountCells>;
  anchors: PageAnchors;
  answers: ListAnswers;
};

/** A declared list: its declaration, what it keeps, and (a type only) its row. */
export type ThreadList<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }> = {
  spec: ThreadListSpec<Q, S>;
  kept: ThreadListKept;
  /** The row type the list's pages hold (never set). */
  readonly row?: Row;
};

/** The placeholders of every thread list's statement templates: what changes from request to request. */
export type ThreadSlots = {
  account: Placeholder;
  from: Placeholder;
  to: Placeholder;
  pattern: Placeholder;
  offset: Placeholder;
  seek: readonly [Placeholder, Placeholder];
};
export const THREAD_SLOTS: ThreadSlots = {
  account: sql.placeholder('account'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
  pattern: sql.placeholder('pattern'),
  offset: sql.placeholder('offset'),
  seek: [sql.placeholder('seek0'), sql.placeholder('seek1')],
};

/**
 * One read of a list: the account, the query and the time, and the placeholders of a statement template
 * (none: the values are written in, as the export's statement has them).
 */
export type ThreadRead<Q> = { accountId: number; q: Q; now: Date; slots?: ThreadSlots | undefined };

/** Kept counts and page starts are kept this long (docs/decisions/requests.md "Speed of the requests lists"). */
const KEEP_MS = 15_000;
/** Pages that begin this many rows or more into a list are found from a remembered start when there is one. */
export const THREAD_SEEK_FROM_ROW = 1_000;

export type ThreadPage<Row> = { rows: Row[]; counts: RequestListCounts };

/** Declares a thread list: its declaration and the kept things its reads use. */
export function declareThreadList<Q extends ThreadListQuery<S>, S extends string, Row extends { id: number }>(
  spec: ThreadListSpec<Q, S>,
): ThreadList<Q, S, Row> {
  return {
    spec,
    kept: {
      statements: createStatementTemplates(),
      counts: createCountCache<CountCells>({
        ttlMs: KEEP_MS,
        staleMs: KEEP_MS,
        minCached: spec.countsKeptFrom,
        sizeOf: (cells) => Object.values(cells).reduce((n, x) => n + x, 0),
      }),
      anchors: createPageAnchors({ ttlMs: KEEP_MS }),
      answers: createListAnswers({ lists: spec.versions }),
    },
  };
}
