import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * The provider's review team (issue 11; docs/decisions/review-team.md "The provider's review team (issue 11)"): staff
 * outside every account (no account_id), who decide the requests accounts send for review. Their own
 * sign-in, sessions and cookie (apps/server/src/provider).
 */
export const providerStaff = pgTable(
  'provider_staff',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    /** argon2id, as console users' (lib/crypto.ts). */
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The TOTP secret (base32, as console users' mfa_secret), made and printed once by
     * `create-provider-staff` (issue 25). Without one the member cannot complete a sign-in.
     */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is accepted once (a replay, or an older step, is refused). */
    totpLastCounter: integer('totp_last_counter'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('provider_staff_username_uq').on(sql`lower(${t.username})`)],
);

/** A staff member's sessions: only the SHA-256 of the cookie value is stored (as lib/sessions.ts does). */
export const providerSessions = pgTable(
  'provider_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => providerStaff.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('provider_sessions_staff_idx').on(t.staffId)],
);
