import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, zonedTime } from './columns.js';
import type { Telephone } from './accounts.js';

export type Mobile = { number: string; country_code_id: number };
export type UserOptions = { mobile_app_access: boolean; beta_version_access: boolean };

/** Console users (console_admin, requests_admin, console_user). Usernames are unique across accounts. */
export const users = pgTable(
  'users',
  {
    ...tenantKey(),
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
    passwordChangedAt: zonedTime('password_changed_at'),
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
    failedEmailDate: zonedTime('failed_email_date'),
    failedEmailReason: text('failed_email_reason'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockedUntil: zonedTime('locked_until'),
    lastActive: zonedTime('last_active'),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
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
