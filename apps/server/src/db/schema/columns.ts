/**
 * Column builders the tables share. Each is a function: a column builder belongs to the one table it
 * is given to, so every table calls for its own. The SQL they make is the SQL the tables spelled out
 * before (`npm run db:generate` reports no change).
 */
import { integer, serial, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** A time with its zone, as every time column is. */
export const zonedTime = <N extends string>(name: N) => timestamp(name, { withTimezone: true });

/** When the row was made: now unless given. */
export const createdAt = () => zonedTime('created_at').notNull().defaultNow();

/** A row's own id. */
export const serialId = () => serial('id').primaryKey();

/** A row that belongs to another, deleted with it (`parent` read lazily: tables may refer to later ones). */
export const cascadeRef = <N extends string>(name: N, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** The account a tenant row belongs to, deleted with it. */
export const accountRef = () => cascadeRef('account_id', () => accounts.id);

/** The account of a row whose parent row carries the account's foreign key (the row goes with its parent). */
export const accountColumn = () => integer('account_id').notNull();

/** A tenant table's first columns: its id and its account. */
export const tenantKey = () => ({ id: serialId(), accountId: accountRef() });

/** Whom a device's user or a request's requester is: a console user, or a server or local user. */
export const USER_KINDS = ['user', 'server_user', 'local_user'] as const;

/** Who asked: a request thread's first requester, or one ask's. */
export const requesterColumns = () => ({
  requesterKind: text('requester_kind', { enum: USER_KINDS }),
  requesterId: integer('requester_id'),
  requesterName: text('requester_name').notNull().default(''),
});
