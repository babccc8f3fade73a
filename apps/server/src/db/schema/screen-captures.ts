import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { serverUsers } from './server-users.js';

/** Screenshots taken on a server user's sessions. */
export const screenCaptures = pgTable(
  'screen_captures',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    serverUserId: integer('server_user_id')
      .notNull()
      .references(() => serverUsers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    isNew: boolean('is_new').notNull().default(true),
    hourGroup: text('hour_group', { enum: ['regular', 'Night', 'School'] })
      .notNull()
      .default('regular'),
    blobKey: text('blob_key').notNull(),
  },
  (t) => [index('screen_captures_account_user_time_idx').on(t.accountId, t.serverUserId, t.capturedAt)],
);

/** Flag history per capture and flagging party (SDM or HHA). */
export const screenCaptureFlags = pgTable(
  'screen_capture_flags',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    captureId: integer('capture_id')
      .notNull()
      .references(() => screenCaptures.id, { onDelete: 'cascade' }),
    party: text('party', { enum: ['SDM', 'HHA'] }).notNull(),
    status: text('status', { enum: ['not_flagged', 'flagged', 'resolved', 'removed'] }).notNull(),
    flaggedBy: text('flagged_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('screen_capture_flags_account_capture_idx').on(t.accountId, t.captureId, t.createdAt)],
);
