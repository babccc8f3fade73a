import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * A version per account and list, bumped by triggers (migration 0018) in the same transaction as every
 * change to what the list shows: `access_requests` (the website and media requests lists),
 * `app_requests` and `app_assignments` (the app request lists), `users` (the users list: console users and
 * server/local users, migration 0027), `devices` (the devices list's kept totals and page starts: never on a
 * check-in, migration 0028). A list's answer kept by
 * lib/lists/list-answers.ts is served again only while its versions are unchanged.
 */
export const listVersions = pgTable(
  'list_versions',
  {
    accountId: integer('account_id').notNull(),
    list: text('list').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.list] })],
);
