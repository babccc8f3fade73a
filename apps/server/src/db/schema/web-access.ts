/**
 * Web access (docs/design/policy.md 'Model'; 002 §2.3-2.5, §3): the account's websites and media items,
 * its website groups (the categories page's custom categories), and the rules. The category
 * catalogue is global and lives in contracts (web-access/categories.ts): rows refer to its stable ids.
 *
 * Matching runs on index ranges, never a function per row × rule (policy.md 'Speed'): `host_rev` (the
 * host reversed) makes `ends_with` a range, `address` (host + path) in byte order makes `starts_with`
 * a range and `includes` a trigram search; both are generated from host and path.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountColumn, cascadeRef, createdAt, tenantKey, zonedTime } from './columns.js';
import type { WeeklySchedule } from '@wayguard/contracts';

/** A website (a pattern with its match mode) or a media item (a page of a video or social site). */
export const websites = pgTable(
  'websites',
  {
    ...tenantKey(),
    kind: text('kind', { enum: ['website', 'media'] }).notNull(),
    /** What the list shows: the address as typed, or the media item's title. */
    name: text('name').notNull(),
    /** What the row's link opens. */
    url: text('url').notNull(),
    /** normaliseWebsitePattern of the address; media items: host + path of their url. */
    pattern: text('pattern').notNull(),
    matchMode: text('match_mode', { enum: ['includes', 'starts_with', 'ends_with', 'exact'] })
      .notNull()
      .default('exact'),
    /** The pattern's host and path (splitPattern): the row as an address, and how rules find it. */
    host: text('host').notNull(),
    path: text('path').notNull().default('/'),
    hostRev: text('host_rev')
      .notNull()
      .generatedAlwaysAs(sql`reverse(host)`),
    address: text('address')
      .notNull()
      .generatedAlwaysAs(sql`host || path`),
    /** A category of the catalogue (contracts CATEGORIES); null: Uncategorised. */
    categoryId: smallint('category_id'),
    description: text('description').notNull().default(''),
    isCustom: boolean('is_custom').notNull().default(false),
    isZveloEnabled: boolean('is_zvelo_enabled').notNull().default(false),
    /** Media items: the site type (contracts MEDIA_TYPE_GROUPS) and what the accordion shows (002 §2.5). */
    mediaType: text('media_type'),
    thumbnail: text('thumbnail'),
    title: text('title'),
    referer: text('referer'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('websites_account_kind_pattern_uq').on(t.accountId, t.kind, t.matchMode, t.pattern),
    // The lists' sorts (002 §2.4-2.5), each ending in id so that pages are stable.
    index('websites_account_kind_name_idx').on(t.accountId, t.kind, t.name, t.id),
    index('websites_account_media_type_idx')
      .on(t.accountId, t.mediaType, t.name, t.id)
      .where(sql`${t.kind} = 'media'`),
    index('websites_account_category_idx').on(t.accountId, t.categoryId),
    // An address finds the exact and ends_with patterns of its host and parent domains; a rule's
    // pattern finds the rows it covers by host or as ranges (domain/web-access/candidates.ts, decide-all.ts).
    index('websites_account_host_idx').on(t.accountId, t.host),
    index('websites_account_host_rev_idx').on(t.accountId, sql`${t.hostRev} COLLATE "C"`),
    index('websites_account_address_idx').on(t.accountId, sql`${t.address} COLLATE "C"`),
    index('websites_address_trgm_idx').using('gin', sql`${t.address} gin_trgm_ops`),
    // The lists' search (search_mode includes) on the name and the address.
    index('websites_search_trgm_idx').using('gin', sql`lower(${t.name} || E'\\n' || ${t.address}) gin_trgm_ops`),
  ],
);

/** The account's named lists of websites: the categories page's custom categories. */
export const websiteGroups = pgTable(
  'website_groups',
  {
    ...tenantKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('website_groups_account_name_uq').on(t.accountId, t.name)],
);

export const websiteGroupMembers = pgTable(
  'website_group_members',
  {
    accountId: accountColumn(),
    groupId: cascadeRef('group_id', () => websiteGroups.id),
    websiteId: cascadeRef('website_id', () => websites.id),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.groupId, t.websiteId] }),
    index('website_group_members_website_idx').on(t.accountId, t.websiteId),
  ],
);

/**
 * One rule: (scope, subject) → ALLOW or BLOCK (contracts web-access/rules.ts). No row means INHERIT.
 * Scope: the account (scope_id 0), a server connection, a user (console, server or local: user_kind)
 * or a device; one rule per scope and subject.
 */
export const webAccessRules = pgTable(
  'web_access_rules',
  {
    ...tenantKey(),
    scopeKind: text('scope_kind', { enum: ['account', 'connection', 'user', 'device'] }).notNull(),
    /** 'console', 'server' or 'local' for user scopes; '' otherwise. */
    userKind: text('user_kind', { enum: ['', 'console', 'server', 'local'] })
      .notNull()
      .default(''),
    scopeId: integer('scope_id').notNull().default(0),
    subjectKind: text('subject_kind', { enum: ['category', 'website', 'media', 'website_group'] }).notNull(),
    subjectId: integer('subject_id').notNull(),
    action: text('action', { enum: ['ALLOW', 'BLOCK'] }).notNull(),
    schedule: jsonb('schedule').$type<WeeklySchedule | null>(),
    expiresAt: zonedTime('expires_at'),
    sourceKind: text('source_kind', { enum: ['admin', 'request'] })
      .notNull()
      .default('admin'),
    requestId: integer('request_id'),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: zonedTime('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A subject's rules along a chain (a list page's candidates).
    uniqueIndex('web_access_rules_subject_scope_uq').on(
      t.accountId,
      t.subjectKind,
      t.subjectId,
      t.scopeKind,
      t.userKind,
      t.scopeId,
    ),
    // A scope's rules (a device's compiled policy, "blocked only"): the index that leads with the scope.
    index('web_access_rules_scope_idx').on(t.accountId, t.scopeKind, t.userKind, t.scopeId, t.subjectKind),
  ],
);
