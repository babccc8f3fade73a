import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeRef, createdAt, serialId, zonedTime } from './columns.js';
import { sql } from 'drizzle-orm';

/**
 * The provider's review team (issue 11; docs/decisions/review-team.md "The provider's review team (issue 11)"): staff
 * outside every account (no account_id), who decide the requests accounts send for review. Their own
 * sign-in, sessions and cookie (apps/server/src/provider).
 */
export const providerStaff = pgTable(
  'provider_staff',
  {
    id: serialId(),
    username: text('username').notNull(),
    fullName: text('full_name').notNull(),
    /** argon2id, as console users' (lib/crypto.ts). */
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    /**
     * The TOTP secret (base32, as console users' mfa_secret), made and printed once by
     * `create-provider-staff` (issue 25). Without one the member cannot complete a sign-in.
     */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is accepted once (a replay, or an older step, is refused). */
    totpLastCounter: integer('totp_last_counter'),
    lastSignInAt: zonedTime('last_sign_in_at'),
  },
  (t) => [uniqueIndex('provider_staff_username_uq').on(sql`lower(${t.username})`)],
);

/** A staff member's sessions: only the SHA-256 of the cookie value is stored (as domain/sessions/sessions.ts does). */
export const providerSessions = pgTable(
  'provider_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: cascadeRef('staff_id', () => providerStaff.id),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: zonedTime('last_seen_at').notNull().defaultNow(),
    expiresAt: zonedTime('expires_at').notNull(),
    ip: text('ip'),
  },
  (t) => [index('provider_sessions_staff_idx').on(t.staffId)],
);
