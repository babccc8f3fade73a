import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountColumn, accountRef, requesterColumns, serialId, tenantKey, zonedTime } from './columns.js';
import { deviceRef } from './devices.js';
import {
  askColumns,
  decisionColumns,
  providerQueueIndex,
  REQUEST_STATES,
  REQUEST_STATUSES,
  reviewColumns,
  threadSortIndexes,
  threadStateColumns,
} from './thread-columns.js';
import { websites } from './web-access.js';

export { REQUEST_STATES, REQUEST_STATUSES };

/**
 * Website and media requests from monitored users (001 §3): one row per thread, the spec's request
 * (docs/decisions/requests.md "Requests (issue 11)"). Every ask of a device joins the pending thread of its
 * subject (`access_request_asks`), so thirty pupils asking for one site make one pending row. The
 * requester and device columns are the first ask's; the counts and `last_asked_at` follow the asks.
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    ...tenantKey(),
    kind: text('kind', { enum: ['website', 'media'] }).notNull(),
    ...threadStateColumns(),
    website: text('website').notNull(),
    /** What one thread is about: a website's host (lower-case, IDNA, no leading www.), a media item's host + path. */
    subjectKey: text('subject_key').notNull(),
    /** The `websites` row the decision's rules apply to (website: an ends_with row of the host; media: the item). */
    websiteId: integer('website_id').references(() => websites.id, { onDelete: 'set null' }),
    /** The category of that row (null: uncategorised). */
    categoryId: smallint('category_id'),
    title: text('title').notNull().default(''),
    favicon: text('favicon'),
    previewIcon: text('preview_icon'),
    ...requesterColumns(),
    /** Distinct requesters and devices of the thread's asks. */
    requesterCount: integer('requester_count').notNull().default(1),
    /** The distinct requester kinds of the thread's asks, sorted (kept with the counts after each ask: the list's column). */
    requesterKinds: text('requester_kinds', { enum: ['user', 'server_user', 'local_user'] })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceCount: integer('device_count').notNull().default(1),
    /**
     * Where the thread (pending: its origin) or its decision applies: company | category | website_group |
     * devices | machine | mobile | user | localuser | serveruser | serverconnection; its id when one.
     */
    associationType: text('association_type').notNull().default('devices'),
    associationId: integer('association_id'),
    /** The 'for' text of that association, kept for the list's sort ('Account list', a name, '3 devices'). */
    forName: text('for_name').notNull().default(''),
    deviceId: integer('device_id'),
    notes: text('notes'),
    reason: text('reason'),
    description: text('description'),
    mediaType: text('media_type'),
    category: text('category'),
    bookmarked: boolean('bookmarked').notNull().default(false),
    ...reviewColumns(),
    /** A denial that refuses later asks for the subject until an administrator approves it. */
    preventRequests: boolean('prevent_requests').notNull().default(false),
    /** When the approval (and the rules it made) ends; null: permanent. */
    expiresAt: zonedTime('expires_at'),
    ...decisionColumns(),
  },
  (t) => [
    // One pending thread per subject: a device's ask joins it (INSERT ... ON CONFLICT on this index).
    uniqueIndex('access_requests_pending_subject_uq')
      .on(t.accountId, t.kind, t.subjectKey)
      .where(sql`${t.state} = 'pending'`),
    // A subject's threads in any state (a prevented denial, the latest decision).
    index('access_requests_account_subject_idx').on(t.accountId, t.kind, t.subjectKey, t.state),
    ...threadSortIndexes('access_requests', t, [t.accountId, t.kind, t.state, t.status], {
      key: 'url',
      column: t.website,
    }),
    // Approvals that end soon (the 'expiring' filter).
    index('access_requests_account_expires_idx')
      .on(t.accountId, t.kind, t.expiresAt)
      .where(sql`${t.state} = 'approved' AND ${t.expiresAt} IS NOT NULL`),
    providerQueueIndex('access_requests', t),
    // The search (website, title, requester).
    index('access_requests_search_trgm_idx').using(
      'gin',
      sql`lower(${t.website} || E'\\n' || ${t.title} || E'\\n' || ${t.requesterName}) gin_trgm_ops`,
    ),
  ],
);

/**
 * The account's threads per (kind, state, status), kept by triggers on access_requests (migration 0015,
 * as device_counts is for devices): the Requests menu's chips (GET /stats) and the six counts of a list
 * that filters on nothing but its kind are read here, exact and at once, instead of counting up to a
 * million threads (docs/decisions/requests.md "Speed of the requests lists").
 */
export const accessRequestCounts = pgTable(
  'access_request_counts',
  {
    accountId: accountColumn(),
    kind: text('kind', { enum: ['website', 'media'] }).notNull(),
    state: text('state', { enum: REQUEST_STATES }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.state, t.status] })],
);

/**
 * Each ask of a device for a thread's subject: who asked, from which device, with which notes. The
 * device's own id for the ask (`client_request_id`) makes a resent ask the same ask.
 */
export const accessRequestAsks = pgTable(
  'access_request_asks',
  {
    ...askColumns(() => accessRequests.id),
    /** The device's own id of the ask; null for asks made before the device API (migrated rows). */
    clientRequestId: text('client_request_id'),
    askedAt: zonedTime('asked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('access_request_asks_client_uq').on(t.accountId, t.deviceId, t.clientRequestId),
    index('access_request_asks_request_idx').on(t.accountId, t.requestId, t.askedAt),
    index('access_request_asks_device_idx').on(t.accountId, t.deviceId),
    // A server or local user's asks (a node's websites list puts what it asked for first: issue 26).
    index('access_request_asks_requester_idx').on(t.accountId, t.requesterKind, t.requesterId),
  ],
);

/**
 * The mobile app catalogue (001 §3 'App detail'): global, shared by all accounts (not tenant data). A
 * package a device asks for that the catalogue lacks is added with what the device said of it
 * (domain/apps/catalogue.ts; docs/decisions/apps.md "Apps").
 */
export const apps = pgTable('apps', {
  id: serialId(),
  packageName: text('package_name').notNull().unique(),
  name: text('name').notNull(),
  url: text('url'),
  imageUrl: text('image_url'),
  vendor: text('vendor').notNull().default(''),
  source: text('source').notNull().default('Google Play Store'),
  platform: text('platform').notNull().default('Android'),
  classification: text('classification').notNull().default(''),
  productPricing: text('product_pricing'),
  price: text('price'),
  version: text('version').notNull().default(''),
  rating: text('rating'),
  description: text('description').notNull().default(''),
  isAdminWarning: boolean('is_admin_warning').notNull().default(false),
  isExternal: boolean('is_external').notNull().default(false),
  isPreventAutoassign: boolean('is_prevent_autoassign').notNull().default(false),
  /**
   * Whether the row's details (name, version, source, url) are the catalogue's own (seeded, imported or
   * set by the provider's team). A package a device names that the catalogue lacks is added unconfirmed,
   * with its package name only: what the device said of it stays in its account (`app_reports`), and
   * another account sees the row only once it has a report or a thread of its own (docs/decisions/apps.md
   * "Device-reported app details (issue 25)").
   */
  confirmed: boolean('confirmed').notNull().default(true),
});

/**
 * What an account's devices said of an app the catalogue has not confirmed (issue 25): its name, version
 * and source as the first of the account's devices to ask for it described them. Read in place of the
 * catalogue's details by this account only.
 */
export const appReports = pgTable(
  'app_reports',
  {
    accountId: accountRef(),
    packageName: text('package_name').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull().default(''),
    source: text('source').notNull(),
    deviceId: integer('device_id'),
    reportedAt: zonedTime('reported_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.packageName] })],
);

/**
 * App requests (001 §2.4, §3 'App request'; issue 12): one thread per (account, app), the spec's row,
 * which POST /app_requests names by package. Every ask of a device for the app joins it
 * (`app_request_asks`); a decided thread asked for again (denied) opens again as pending. Approved, it is
 * the account's app: the Apps pages list it, and its assignments install it (docs/decisions/apps.md "Apps").
 */
export const appRequests = pgTable(
  'app_requests',
  {
    ...tenantKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    /** The app's name and package, kept on the thread for the list's sort and search. */
    title: text('title').notNull(),
    packageName: text('package_name').notNull(),
    ...threadStateColumns(),
    ...requesterColumns(),
    requesterCount: integer('requester_count').notNull().default(1),
    deviceId: integer('device_id'),
    deviceCount: integer('device_count').notNull().default(1),
    /** The For column's text (the device's name, 'N devices'), kept for the sort. */
    forName: text('for_name').notNull().default(''),
    notes: text('notes'),
    /** The deny reason. */
    reason: text('reason'),
    ...reviewColumns(),
    /** Approved: assigned to every user (auto assign), and installed as mandatory. */
    autoAssign: boolean('auto_assign').notNull().default(false),
    mandatory: boolean('mandatory').notNull().default(false),
    ...decisionColumns(),
  },
  (t) => [
    uniqueIndex('app_requests_account_app_uq').on(t.accountId, t.appId),
    uniqueIndex('app_requests_account_package_uq').on(t.accountId, t.packageName),
    ...threadSortIndexes('app_requests', t, [t.accountId, t.state, t.status], { key: 'name', column: t.title }),
    // Beside the website threads in the provider's review queue.
    providerQueueIndex('app_requests', t),
    index('app_requests_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || E'\\n' || ${t.packageName} || E'\\n' || ${t.requesterName}) gin_trgm_ops`,
    ),
  ],
);

/** The account's app threads per (state, status), kept by triggers (migration 0016): chips, tiles, list counts. */
export const appRequestCounts = pgTable(
  'app_request_counts',
  {
    accountId: accountColumn(),
    state: text('state', { enum: REQUEST_STATES }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.state, t.status] })],
);

/** Each ask of a device for an app; the device's own id for it makes a resent ask the same ask. */
export const appRequestAsks = pgTable(
  'app_request_asks',
  {
    ...askColumns(() => appRequests.id),
    clientRequestId: text('client_request_id').notNull(),
    askedAt: zonedTime('asked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('app_request_asks_client_uq').on(t.accountId, t.deviceId, t.clientRequestId),
    index('app_request_asks_request_idx').on(t.accountId, t.requestId, t.askedAt),
  ],
);

/**
 * An approved app assigned to a console user (all their mobiles) or to one mobile without a user
 * (002 §4.4). `auto`: made by the approval's auto assign.
 */
export const appAssignments = pgTable(
  'app_assignments',
  {
    ...tenantKey(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    userId: integer('user_id'),
    deviceId: integer('device_id'),
    auto: boolean('auto').notNull().default(false),
    assignedOn: zonedTime('assigned_on').notNull().defaultNow(),
    assignedById: integer('assigned_by_id'),
    assignedByName: text('assigned_by_name').notNull().default(''),
  },
  (t) => [
    uniqueIndex('app_assignments_user_uq')
      .on(t.accountId, t.appId, t.userId)
      .where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('app_assignments_device_uq')
      .on(t.accountId, t.appId, t.deviceId)
      .where(sql`${t.deviceId} IS NOT NULL`),
    index('app_assignments_account_user_idx').on(t.accountId, t.userId, t.appId),
    index('app_assignments_account_device_idx').on(t.accountId, t.deviceId, t.appId),
  ],
);

/** The apps a mobile reports installed (PUT /inventory, mobile.apps), with their versions. */
export const deviceApps = pgTable(
  'device_apps',
  {
    accountId: accountRef(),
    deviceId: deviceRef(),
    packageName: text('package_name').notNull(),
    name: text('name').notNull().default(''),
    version: text('version').notNull().default(''),
    installedAt: zonedTime('installed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceId, t.packageName] })],
);
