import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, zonedTime } from './columns.js';

/** A directory (domain) or local machine whose users the service syncs. */
export const serverConnections = pgTable(
  'server_connections',
  {
    ...tenantKey(),
    name: text('name').notNull(),
    connectionType: text('connection_type').notNull(),
    lastSync: zonedTime('last_sync'),
  },
  (t) => [index('server_connections_account_idx').on(t.accountId, t.name)],
);

export type ServerUserOptions = {
  disable_media_requests: boolean;
  disable_website_requests: boolean;
  disallow_facebook_access: boolean;
  disallow_twitter_access: boolean;
  disallow_youtube_access: boolean;
  disallow_instagram_access: boolean;
  disallow_pinterest_access: boolean;
};

/** Server/domain users and local Windows users seen on the account's machines. */
export const serverUsers = pgTable(
  'server_users',
  {
    ...tenantKey(),
    connectionId: integer('connection_id').references(() => serverConnections.id, { onDelete: 'set null' }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    type: text('type', { enum: ['server_user', 'local_user'] }).notNull(),
    status: text('status', { enum: ['activated', 'deactivated'] })
      .notNull()
      .default('activated'),
    options: jsonb('options').$type<ServerUserOptions>().notNull(),
    lastActive: zonedTime('last_active'),
    createdAt: createdAt(),
  },
  (t) => [
    index('server_users_account_username_idx').on(t.accountId, t.username),
    index('server_users_account_connection_idx').on(t.accountId, t.connectionId),
    // The users list sorts by each of these (modules/users/repository.ts); username breaks ties.
    index('server_users_account_status_idx').on(t.accountId, t.status, t.username),
    index('server_users_account_last_active_idx').on(t.accountId, t.lastActive.asc().nullsFirst(), t.username),
    index('server_users_account_created_idx').on(t.accountId, t.createdAt),
    index('server_users_account_first_name_idx').on(t.accountId, t.firstName, t.username),
    index('server_users_account_last_name_idx').on(t.accountId, t.lastName, t.username),
    index('server_users_search_trgm_idx').using(
      'gin',
      sql`(${t.username} || E'\\n' || ${t.firstName} || E'\\n' || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);
