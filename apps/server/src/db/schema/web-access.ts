import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

/** Global category catalogue (grouped). */
export const webCategories = pgTable('web_categories', {
  id: serial('id').primaryKey(),
  groupName: text('group_name').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
});

/** Websites and media items the account knows (custom lists, requested sites, media). */
export const websites = pgTable(
  'websites',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['website', 'media'] }).notNull(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    categoryId: integer('category_id'),
    isCustom: boolean('is_custom').notNull().default(false),
    matchMode: text('match_mode', { enum: ['includes', 'starts_with', 'ends_with', 'exact'] })
      .notNull()
      .default('includes'),
    mediaType: text('media_type'),
    thumbnail: text('thumbnail'),
    title: text('title'),
    referer: text('referer'),
    description: text('description'),
  },
  (t) => [index('websites_account_kind_name_idx').on(t.accountId, t.kind, t.name)],
);

/** Named groups of websites (approve to a website group). */
export const websiteGroups = pgTable(
  'website_groups',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('website_groups_account_idx').on(t.accountId, t.name)],
);

/**
 * One access rule: ALLOW or BLOCK of a website, media item or category for a scope
 * (global = the account, device, user, connection). No row means INHERIT.
 */
export const accessRules = pgTable(
  'access_rules',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    scope: text('scope', { enum: ['global', 'device', 'user', 'server_user', 'connection'] }).notNull(),
    scopeId: integer('scope_id'),
    targetKind: text('target_kind', { enum: ['website', 'media', 'category'] }).notNull(),
    targetId: integer('target_id').notNull(),
    access: text('access', { enum: ['ALLOW', 'BLOCK'] }).notNull(),
    schedule: jsonb('schedule').$type<Record<string, unknown> | null>(),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('access_rules_account_scope_idx').on(t.accountId, t.scope, t.scopeId, t.targetKind, t.targetId)],
);
