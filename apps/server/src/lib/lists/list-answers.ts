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
import { sql, type SQL } from 'drizzle-orm';
import { isPooled, type DbOrTx } from '../../db/client.js';
import { executeNamed } from '../named-statements.js';
import { sqlArray } from '../sql-array.js';

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
  const maxBytes = o.maxBytes ?? DEFAULT_MAX_BYTES;
  const lists = [...o.lists].sort();
  const kept = new Map<string, { stamp: string; body: Buffer }>();
  const building = new Map<string, Promise<Buffer>>();
  let keptBytes = 0;

  const drop = (k: string) => {
    const entry = kept.get(k);
    if (!entry) return;
    keptBytes -= entry.body.length;
    kept.delete(k);
  };

  function keep(k: string, stamp: string, body: Buffer) {
    drop(k);
    // One answer may take an eighth of the room; a larger one is sent, not kept.
    if (body.length > maxBytes / 8) return;
    while (keptBytes + body.length > maxBytes) drop(kept.keys().next().value as string);
    kept.set(k, { stamp, body });
    keptBytes += body.length;
  }

  const versionsSql = (accountId: number | SQL) =>
    sql`coalesce((SELECT string_agg(v.list || ':' || v.version, ',' ORDER BY v.list) FROM list_versions v
      WHERE v.account_id = ${accountId} AND v.list = ANY(${sqlArray(lists)}::text[])), '')`;

  /** The account's versions of the lists, as one text ('' before any change). */
  async function stampOf(db: DbOrTx, accountId: number): Promise<string> {
    const r = await executeNamed<{ stamp: string }>(db, sql`SELECT ${versionsSql(accountId)} AS stamp`);
    return r.rows[0]?.stamp ?? '';
  }

  const encode = async (build: () => Promise<unknown>) => Buffer.from(JSON.stringify(await build()));

  async function answerAt(
    db: DbOrTx,
    accountId: number,
    key: string | null,
    stamp: string,
    build: () => Promise<unknown>,
  ): Promise<Buffer> {
    if (key === null || !isPooled(db)) return encode(build);
    const k = `${accountId}\u0000${key}`;
    const hit = kept.get(k);
    if (hit && hit.stamp === stamp) {
      // Most recently used last.
      kept.delete(k);
      kept.set(k, hit);
      return hit.body;
    }
    const flight = `${stamp}\u0000${k}`;
    const running = building.get(flight);
    if (running) return running;
    const p = encode(build)
      .then((body) => {
        keep(k, stamp, body);
        return body;
      })
      .finally(() => building.delete(flight));
    building.set(flight, p);
    return p;
  }

  return {
    async answer(db, accountId, key, build) {
      if (key === null || !isPooled(db)) return encode(build);
      return answerAt(db, accountId, key, await stampOf(db, accountId), build);
    },
    answerAt,
    versionsSql,
  };
}
