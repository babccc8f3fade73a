/**
 * The users list's stamp (list.ts): a kept page is answered only while the stamp reads as it did when
 * the page was built, and the stamp moves with everything the list shows (docs/decisions/users.md "The
 * users list's stamp: the activity windows kept until the clock passes them (issue 27)"):
 * - the account's 'users' version: every change to a console or server/local user the list shows but
 *   last activity (migration 0027);
 * - each table's latest last activity and how many users share it: the server writes last activity
 *   only as "now", which raises the latest or joins it;
 * - where each activity window's earliest user is (past hour, past 30 days): the markers and activity
 *   filters move with the clock only when a window's start passes a user, and the earliest goes first.
 * The first two are read every request, in one statement (sql/list-stamp.ts readListBase). The windows
 * change only with them or with the clock, so they are kept per account at the base they were read
 * with, until the clock reaches the first window's earliest user (sql/list-stamp.ts readListWindows,
 * then read with the base in one statement). The stamp is thus the same text a statement reading all
 * of it now would give, at the cost of one version probe and two index probes.
 */
import { isPooled, type DbOrTx } from '../../db/client.js';
import { createStamped } from '../../lib/kept/stamped.js';
import { readListBase, readListWindows } from './sql/list-stamp.js';

type KeptWindows = { windows: string; until: number };

const keptWindows = createStamped<KeptWindows>({
  kept: 'users-windows',
  maxEntries: 10_000,
  untilOf: (w) => w.until,
});

/** The account's users list stamp at `now` (see the header). */
export async function readListStamp(db: DbOrTx, accountId: number, now: Date): Promise<string> {
  const key = String(accountId);
  if (isPooled(db)) {
    const base = await readListBase(db, accountId);
    const kept = keptWindows.peek(key, base, now.getTime());
    if (kept) return `${base}|${kept.windows}`;
  }
  const read = await readListWindows(db, accountId, now);
  // Read outside a transaction only (one sees its own uncommitted rows); held while now <= holdsUntil.
  if (isPooled(db))
    keptWindows.keep(key, read.base, {
      windows: read.windows,
      until: read.holdsUntil === null ? Infinity : read.holdsUntil + 1,
    });
  return `${read.base}|${read.windows}`;
}
