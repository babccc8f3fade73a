import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { accountColumn, cascadeRef, createdAt, serialId, zonedTime } from './columns.js';
import { serverUsers } from './server-users.js';

/** Screenshots taken on a server user's sessions. */
export const screenCaptures = pgTable(
  'screen_captures',
  {
    id: serialId(),
    accountId: accountColumn(),
    serverUserId: cascadeRef('server_user_id', () => serverUsers.id),
    name: text('name').notNull(),
    capturedAt: zonedTime('captured_at').notNull(),
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
    id: serialId(),
    accountId: accountColumn(),
    captureId: cascadeRef('capture_id', () => screenCaptures.id),
    party: text('party', { enum: ['SDM', 'HHA'] }).notNull(),
    status: text('status', { enum: ['not_flagged', 'flagged', 'resolved', 'removed'] }).notNull(),
    flaggedBy: text('flagged_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('screen_capture_flags_account_capture_idx').on(t.accountId, t.captureId, t.createdAt)],
);
