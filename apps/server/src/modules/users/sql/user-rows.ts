/**
 * Queries of one console user's row for the users module's details, creation, status actions and
 * options (000 §4.4-4.5, 002 §4.1-4.2). Each takes the account and is scoped by it. State changes are
 * conditional UPDATEs (WHERE the expected state holds ... RETURNING): undefined or false when the
 * condition did not hold, so that of two concurrent actions exactly one takes effect.
 */
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.js';
import { users } from '../../../db/schema/index.js';
import { activityFlags } from '../../../domain/users/users-list-filters.js';
import { userInAccount, type UserRecord } from '../../../domain/users/user-rows.js';

const notDeactivated = ne(users.status, 'deactivated');

/** The row with its activity flags at `now`. */
export async function userWithActivity(db: DbOrTx, accountId: number, id: number, now: Date) {
  const [row] = await db
    .select({ u: users, ...activityFlags(sql`${users.lastActive}`, now) })
    .from(users)
    .where(userInAccount(accountId, id))
    .limit(1);
  return row;
}

/** Whether a user of any account has this name, compared without case (names are unique across accounts). */
export async function usernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const taken = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return taken.length > 0;
}

export async function insertUser(db: DbOrTx, row: typeof users.$inferInsert): Promise<UserRecord> {
  const [u] = await db.insert(users).values(row).returning();
  if (!u) throw new Error('insert returned nothing');
  return u;
}

/** The row of a user awaiting activation, locked: orders a resend against a concurrent deactivation or activation. */
export async function lockAwaitingActivation(db: DbOrTx, accountId: number, id: number) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(userInAccount(accountId, id), eq(users.status, 'awaiting_activation')))
    .for('update');
  return u;
}

/** Status password_reset, from activated or password_reset. */
export async function markPasswordReset(db: DbOrTx, accountId: number, id: number) {
  const [u] = await db
    .update(users)
    .set({ status: 'password_reset' })
    .where(and(userInAccount(accountId, id), sql`${users.status} IN ('activated', 'password_reset')`))
    .returning();
  return u;
}

/** Deactivates a user who is not; previous_status keeps the status they had. */
export async function deactivateUser(db: DbOrTx, accountId: number, id: number, notes: string | null) {
  const [u] = await db
    .update(users)
    // In an UPDATE the right-hand side reads the row as it was: previous_status gets the old status.
    .set({ status: 'deactivated', previousStatus: sql`${users.status}`, deactivatedNotes: notes })
    .where(and(userInAccount(accountId, id), notDeactivated))
    .returning({ id: users.id, previousStatus: users.previousStatus });
  return u;
}

/** Reactivates a deactivated user into the status they had (activated when unknown). */
export async function reactivateUser(db: DbOrTx, accountId: number, id: number) {
  const [u] = await db
    .update(users)
    .set({ status: sql`COALESCE(${users.previousStatus}, 'activated')`, previousStatus: null, deactivatedNotes: null })
    .where(and(userInAccount(accountId, id), eq(users.status, 'deactivated')))
    .returning({ id: users.id, status: users.status });
  return u;
}

/** Two-factor sign-in off: the secret (and any pending one) is forgotten, so turning it on again means a new set-up. */
export async function disableTwoFactor(db: DbOrTx, accountId: number, id: number): Promise<void> {
  await db
    .update(users)
    .set({ mfaEnabled: false, mfaSecret: null, mfaPendingSecret: null, mfaLastCounter: null })
    .where(userInAccount(accountId, id));
}

/** Two-factor sign-in back on, only with a verified secret; false without one. */
export async function enableTwoFactor(db: DbOrTx, accountId: number, id: number): Promise<boolean> {
  const [u] = await db
    .update(users)
    .set({ mfaEnabled: true })
    .where(and(userInAccount(accountId, id), sql`${users.mfaSecret} IS NOT NULL`))
    .returning({ id: users.id });
  return u !== undefined;
}

/** The user's type, row locked. */
export async function lockUserType(db: DbOrTx, accountId: number, id: number) {
  const [u] = await db.select({ type: users.type }).from(users).where(userInAccount(accountId, id)).for('update');
  return u?.type;
}

export async function setUserType(db: DbOrTx, accountId: number, id: number, type: UserRecord['type']) {
  const [u] = await db
    .update(users)
    .set({ type })
    .where(and(userInAccount(accountId, id), notDeactivated))
    .returning({ id: users.id });
  return u !== undefined;
}

/** The boolean options and the types they apply to. */
const OPTION_TYPES: Record<'mobile_app_access' | 'beta_version_access', SQL> = {
  mobile_app_access: sql`${users.type} = 'console_user'`,
  beta_version_access: sql`${users.type} IN ('console_admin', 'requests_admin')`,
};

/**
 * One boolean option of a user who is not deactivated and whose type it applies to: the type
 * condition sits in the UPDATE, so a concurrent type change cannot slip in between. False when not set.
 */
export async function setUserBooleanOption(
  db: DbOrTx,
  accountId: number,
  id: number,
  key: keyof typeof OPTION_TYPES,
  value: boolean,
): Promise<boolean> {
  const [u] = await db
    .update(users)
    .set({ options: sql`${users.options} || jsonb_build_object(${key}::text, ${value}::boolean)` })
    .where(and(userInAccount(accountId, id), notDeactivated, OPTION_TYPES[key]))
    .returning({ id: users.id });
  return u !== undefined;
}
