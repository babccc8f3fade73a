import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, type Telephone } from './accounts.js';

export type Mobile = { number: string; country_code_id: number };
export type UserOptions = { mobile_app_access: boolean; beta_version_access: boolean };

/** Console users (console_admin, requests_admin, console_user). Usernames are unique across accounts. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    timeZone: text('time_zone').notNull().default('Europe/London'),
    telephone: jsonb('telephone').$type<Telephone | null>(),
    mobile: jsonb('mobile').$type<Mobile | null>(),
    language: text('language').notNull().default('English'),
    type: text('type', { enum: ['console_admin', 'requests_admin', 'console_user'] }).notNull(),
    status: text('status', { enum: ['activated', 'deactivated', 'awaiting_activation', 'password_reset'] }).notNull(),
    /** Status to return to on reactivation. */
    previousStatus: text('previous_status'),
    passwordHash: text('password_hash'),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    mfaSecret: text('mfa_secret'),
    /** Secret shown during set-up, promoted to mfaSecret once a code from it is verified. */
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaLastCounter: integer('mfa_last_counter'),
    hasConfirmedDetails: boolean('has_confirmed_details').notNull().default(false),
    options: jsonb('options')
      .$type<UserOptions>()
      .notNull()
      .default({ mobile_app_access: false, beta_version_access: false }),
    deactivatedNotes: text('deactivated_notes'),
    failedEmailDate: timestamp('failed_email_date', { withTimezone: true }),
    failedEmailReason: text('failed_email_reason'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastActive: timestamp('last_active', { withTimezone: true }),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(sql`lower(${t.username})`),
    // The users list sorts by each of these (modules/users/repository.ts); username breaks ties.
    index('users_account_username_idx').on(t.accountId, t.username),
    index('users_account_status_idx').on(t.accountId, t.status, t.username),
    // Never active (null) sorts as the oldest.
    index('users_account_last_active_idx').on(t.accountId, t.lastActive.asc().nullsFirst(), t.username),
    index('users_account_created_idx').on(t.accountId, t.createdAt),
    index('users_account_first_name_idx').on(t.accountId, t.firstName, t.username),
    index('users_account_last_name_idx').on(t.accountId, t.lastName, t.username),
    index('users_account_email_idx').on(t.accountId, t.email),
    index('users_account_failed_email_idx')
      .on(t.accountId, t.username)
      .where(sql`${t.failedEmailDate} IS NOT NULL`),
    // Substring search (ILIKE '%q%') over the four searched fields; the newline keeps a match inside one field.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.username} || E'\\n' || ${t.firstName} || E'\\n' || ${t.lastName} || E'\\n' || ${t.email}) gin_trgm_ops`,
    ),
  ],
);
