/** Queries of one console user's row, always scoped by the account (an id of another account reads as absent). */
import { and, eq, ne } from 'drizzle-orm';
import type { UserDetailsRequest } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

export type UserRecord = typeof users.$inferSelect;

/** The user `id` of the account, as a condition. */
export const userInAccount = (accountId: number, id: number) => and(eq(users.id, id), eq(users.accountId, accountId));

export async function findUserInAccount(db: DbOrTx, accountId: number, id: number): Promise<UserRecord | undefined> {
  const [u] = await db.select().from(users).where(userInAccount(accountId, id)).limit(1);
  return u;
}

/** The row, locked for the caller's transaction. */
export async function lockUserInAccount(db: DbOrTx, accountId: number, id: number): Promise<UserRecord | undefined> {
  const [u] = await db.select().from(users).where(userInAccount(accountId, id)).for('update');
  return u;
}

export type UserDetailsFields = Pick<
  UserRecord,
  'email' | 'firstName' | 'lastName' | 'timeZone' | 'telephone' | 'mobile'
> &
  Partial<Pick<UserRecord, 'failedEmailDate' | 'failedEmailReason' | 'hasConfirmedDetails'>>;

/** Saves the details of a user who is not deactivated; false when none was (deactivated meanwhile). */
export async function saveUserDetails(
  db: DbOrTx,
  accountId: number,
  id: number,
  fields: UserDetailsFields,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set(fields)
    .where(and(userInAccount(accountId, id), ne(users.status, 'deactivated')))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** The details form's fields (000 §3.3), as the request and the profile carry them. */
type DetailsForm = Pick<
  UserDetailsRequest,
  'email_address' | 'first_name' | 'last_name' | 'time_zone' | 'telephone' | 'mobile'
>;

/** The form's fields as the row's columns (an absent telephone or mobile is none). */
export const detailsColumns = (b: DetailsForm) => ({
  email: b.email_address,
  firstName: b.first_name,
  lastName: b.last_name,
  timeZone: b.time_zone,
  telephone: b.telephone ?? null,
  mobile: b.mobile ?? null,
});

/** The row's columns as the form's fields. */
export const detailsFieldsOf = (u: UserRecord) => ({
  email_address: u.email,
  first_name: u.firstName,
  last_name: u.lastName,
  time_zone: u.timeZone,
  telephone: u.telephone ?? null,
  mobile: u.mobile ?? null,
});
