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

/** The details form's fields (000 §3.3), as the request and the profile carry them, and the row's column of each. */
const DETAIL_COLUMNS = [
  ['email_address', 'email'],
  ['first_name', 'firstName'],
  ['last_name', 'lastName'],
  ['time_zone', 'timeZone'],
  ['telephone', 'telephone'],
  ['mobile', 'mobile'],
] as const satisfies readonly (readonly [keyof UserDetailsRequest, keyof UserRecord])[];

type DetailColumns = Pick<UserRecord, (typeof DETAIL_COLUMNS)[number][1]>;
type DetailsForm = Pick<UserDetailsRequest, (typeof DETAIL_COLUMNS)[number][0]>;
export type DetailFields = { [K in (typeof DETAIL_COLUMNS)[number] as K[0]]: UserRecord[K[1]] };

/** The form's fields as the row's columns (an absent telephone or mobile is none). */
export function detailsColumns(b: DetailsForm): DetailColumns {
  return Object.fromEntries(DETAIL_COLUMNS.map(([field, column]) => [column, b[field] ?? null])) as DetailColumns;
}

/** The row's columns as the form's fields. */
export function detailsFieldsOf(u: UserRecord): DetailFields {
  return Object.fromEntries(DETAIL_COLUMNS.map(([field, column]) => [field, u[column] ?? null])) as DetailFields;
}
