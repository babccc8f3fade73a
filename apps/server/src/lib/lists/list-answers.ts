/**
 * List answers kept while their data is unchanged (docs/decisions/lists.md
 * "List answers and kept rules by version (session 11)"). An answer of a list (its page and counts, as the JSON bytes
 * the route sends) depends on the account's rows of a few tables; triggers bump a version per account and table in the
 * same transaction as every change to them (db/schema/list-versions.ts, migration 0018). A request reads the account's
 * versions (one lookup by key) and, when an answer for the same list view was built at those versions, sends it again;
 * otherwise it builds the answer and keeps it.
 * - The versions are read before the answer is built, so a kept answer is never older than the versions
 *   it is kept under (a change committed meanwhile only makes the next request build it again).
 * - Only answers read outside a transaction are kept: a transaction sees its own uncommitted changes and
 *   versions, which a rollback takes back.
 * - A view whose answer moves with the clock (key null) is never kept.
 * - Requests for one view at one version share one build; answers are kept least recently used first
 *   up to `maxBytes`.
 * The versions are the database's, so a change made by another process, a device's ask or a job is seen
 * by the next request as surely as one made here.
 */
import type { SQL } from 'drizzle-orm';
import { isPooled, type DbOrTx } from '../../db/client.js';
import { createStamped } from '../kept/stamped.js';
import { readStamp, versionsSql } from '../kept/versions.js';

export type ListAnswers = {
  /**
   * The answer of the account's list view `key` (null: never kept), as the JSON bytes to send: kept when
   * its versions are unchanged, else `build()` written by JSON.stringify.
   */
  answer(db: DbOrTx, accountId: number, key: string | null, build: () => Promise<unknown>): Promise<Buffer>;
  /**
   * The same with the stamp read by the caller (`versionsSql` of the account, and whatever else of the
   * answer moves without a version, e.g. a device's online state), read before the answer is built.
   */
  answerAt(
    db: DbOrTx,
    accountId: number,
    key: string | null,
    stamp: string,
    build: () => Promise<unknown>,
  ): Promise<Buffer>;
  /** The account's versions of the lists as one text ('' before any change), to read in a statement. */
  versionsSql(accountId: number | SQL): SQL;
};

const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

export function createListAnswers(o: {
  /** The versioned tables (list_versions.list) the answers depend on. */
  lists: readonly string[];
  maxBytes?: number;
}): ListAnswers {
  const lists = [...o.lists].sort();
  const kept = createStamped<Buffer>({
    kept: 'list-answers',
    maxBytes: o.maxBytes ?? DEFAULT_MAX_BYTES,
    sizeOf: (body) => body.length,
  });
  const encode = async (build: () => Promise<unknown>) => Buffer.from(JSON.stringify(await build()));

  const answerAt: ListAnswers['answerAt'] = async (db, accountId, key, stamp, build) => {
    if (key === null || !isPooled(db)) return encode(build);
    return kept.at(`${accountId}\u0000${key}`, stamp, () => encode(build));
  };

  return {
    async answer(db, accountId, key, build) {
      if (key === null || !isPooled(db)) return encode(build);
      return answerAt(db, accountId, key, await readStamp(db, lists, accountId), build);
    },
    answerAt,
    versionsSql: (accountId) => versionsSql(lists, accountId),
  };
}
