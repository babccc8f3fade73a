/** Queries of the session's account row and its live counts; each takes the account id. */
import { eq, sql } from 'drizzle-orm';
import { usersListQuery } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { accounts, countryCodes, type AddressLine } from '../../db/schema/index.js';
import { countUsersSql } from '../../domain/users/users-list-filters.js';

export type AccountRecord = typeof accounts.$inferSelect;

export async function findAccount(db: DbOrTx, accountId: number): Promise<AccountRecord | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

/**
 * Counts "On This Account" from real rows: devices that are not deactivated, and the users the users
 * list lists (console, server and local users of every status: the list's own count, which the card
 * links to; docs/decisions/users.md "User totals (issue 26)").
 */
export async function accountCounts(db: DbOrTx, accountId: number, now = new Date()) {
  const r = await db.execute<Record<string, string>>(sql`
    SELECT
      (SELECT count(*) FROM devices d WHERE d.account_id = ${accountId} AND d.deactivated_date IS NULL AND d.kind = 'machine') AS machine_count,
      (SELECT count(*) FROM devices d WHERE d.account_id = ${accountId} AND d.deactivated_date IS NULL AND d.kind = 'mobile') AS mobile_count,
      (SELECT count(*) FROM devices d WHERE d.account_id = ${accountId} AND d.deactivated_date IS NULL AND d.registered AND NOT d.billed) AS registered_not_billed_count,
      ${countUsersSql(accountId, usersListQuery.parse({}), now)} AS user_count`);
  const row = r.rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    machine_count: n('machine_count'),
    mobile_count: n('mobile_count'),
    user_count: n('user_count'),
    registered_not_billed_count: n('registered_not_billed_count'),
  };
}

/** The stored address lines, row locked for the caller's transaction; undefined without the account. */
export async function lockAccountAddress(db: DbOrTx, accountId: number): Promise<AddressLine[] | undefined> {
  const [a] = await db
    .select({ address: accounts.address })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return a?.address;
}

export async function countryCodeExists(db: DbOrTx, id: number): Promise<boolean> {
  const [known] = await db.select({ id: countryCodes.id }).from(countryCodes).where(eq(countryCodes.id, id));
  return known !== undefined;
}

/** Saves columns of the account; false when there is no such account. */
export async function saveAccount(
  db: DbOrTx,
  accountId: number,
  fields: Partial<Pick<AccountRecord, 'address' | 'telephone' | 'socialMedia' | 'logoBlobKey' | 'logoFilename'>>,
): Promise<boolean> {
  const updated = await db
    .update(accounts)
    .set(fields)
    .where(eq(accounts.id, accountId))
    .returning({ id: accounts.id });
  return updated.length > 0;
}

/** The logo's blob key (null without a logo); undefined without the account. With `lock`, the row is locked. */
export async function logoKeyOf(db: DbOrTx, accountId: number, lock = false): Promise<string | null | undefined> {
  const q = db.select({ key: accounts.logoBlobKey }).from(accounts).where(eq(accounts.id, accountId));
  const [a] = lock ? await q.for('update') : await q;
  return a === undefined ? undefined : a.key;
}
