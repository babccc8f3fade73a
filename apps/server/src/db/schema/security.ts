import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountColumn, createdAt, serialId, zonedTime } from './columns.js';
import { sql } from 'drizzle-orm';

/** Server-side sessions. Only the SHA-256 of the cookie value is stored. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id').notNull(),
    accountId: accountColumn(),
    csrfToken: text('csrf_token').notNull(),
    createdAt: createdAt(),
    lastSeenAt: zonedTime('last_seen_at').notNull().defaultNow(),
    expiresAt: zonedTime('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_user_idx').on(t.accountId, t.userId)],
);

/** Single-use e-mailed credentials (activation, password reset). Only the hash is stored. */
export const tokens = pgTable(
  'tokens',
  {
    id: serialId(),
    accountId: accountColumn(),
    userId: integer('user_id').notNull(),
    kind: text('kind', { enum: ['activation', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: zonedTime('expires_at').notNull(),
    usedAt: zonedTime('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('tokens_account_user_idx').on(t.accountId, t.userId, t.kind)],
);

/** Mail waiting to be sent, or (without SMTP) kept for the demo outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: serialId(),
    accountId: integer('account_id'),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: zonedTime('sent_at'),
    createdAt: createdAt(),
    /**
     * When a sender may take it next (lib/mailer.ts): now for a new mail; a claim moves it a lease ahead
     * (no other process takes it meanwhile); a failure moves it by the back-off.
     */
    nextAttemptAt: zonedTime('next_attempt_at').notNull().defaultNow(),
    /** When the sender gave up on it (SMTP failing for MAIL_GIVE_UP_HOURS): logged as an error, kept. */
    failedAt: zonedTime('failed_at'),
  },
  (t) => [
    index('outbox_pending_idx').on(t.sentAt, t.id),
    index('outbox_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/** Append-only audit trail. Never holds passwords or tokens. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: serialId(),
    accountId: integer('account_id'),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_events_account_time_idx').on(t.accountId, t.createdAt)],
);

/** Fixed-window counters shared by every API process (rate limits, failed sign-ins). */
export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  windowStart: bigint('window_start', { mode: 'number' }).notNull(),
  count: integer('count').notNull(),
});
