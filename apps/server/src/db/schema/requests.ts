import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

export const REQUEST_STATES = ['pending', 'approved', 'denied'] as const;
/** admin: with the account's administrators; tech: with (or denied by) the provider's team. */
export const REQUEST_STATUSES = ['admin', 'tech'] as const;

/** Website and media requests from monitored users (001 §3). */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['website', 'media'] }).notNull(),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('pending'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('admin'),
    website: text('website').notNull(),
    title: text('title').notNull().default(''),
    favicon: text('favicon'),
    previewIcon: text('preview_icon'),
    requesterKind: text('requester_kind', { enum: ['user', 'server_user', 'local_user'] }),
    requesterId: integer('requester_id'),
    requesterName: text('requester_name').notNull().default(''),
    associationType: text('association_type').notNull().default('devices'),
    associationId: integer('association_id'),
    deviceId: integer('device_id'),
    notes: text('notes'),
    reason: text('reason'),
    description: text('description'),
    mediaType: text('media_type'),
    category: text('category'),
    bookmarked: boolean('bookmarked').notNull().default(false),
    reviewRequested: boolean('review_requested').notNull().default(false),
    reviewNotes: text('review_notes'),
    processorId: integer('processor_id'),
    processorName: text('processor_name'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('access_requests_account_queue_idx').on(t.accountId, t.kind, t.state, t.status, t.requestedAt),
    index('access_requests_account_processed_idx').on(t.accountId, t.kind, t.state, t.processedAt),
  ],
);

/** Mobile app catalogue: global, shared by all accounts. */
export const apps = pgTable('apps', {
  id: serial('id').primaryKey(),
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
});

/** Requests from monitored users to install a mobile app. */
export const appRequests = pgTable(
  'app_requests',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('pending'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('admin'),
    requesterId: integer('requester_id'),
    requesterName: text('requester_name').notNull().default(''),
    deviceId: integer('device_id'),
    reason: text('reason'),
    reviewRequested: boolean('review_requested').notNull().default(false),
    reviewNotes: text('review_notes'),
    processorId: integer('processor_id'),
    processorName: text('processor_name'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_requests_account_queue_idx').on(t.accountId, t.state, t.status, t.requestedAt)],
);

/** Per-account app settings (auto-assign, mandatory) once an app is approved. */
export const accountApps = pgTable(
  'account_apps',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    enableAutoAssign: boolean('enable_auto_assign').notNull().default(false),
    mandatory: boolean('mandatory').notNull().default(false),
  },
  (t) => [index('account_apps_account_idx').on(t.accountId, t.appId)],
);

/** An app assigned to a console user or to a mobile device. */
export const appAssignments = pgTable(
  'app_assignments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    appId: integer('app_id')
      .notNull()
      .references(() => apps.id),
    userId: integer('user_id'),
    deviceId: integer('device_id'),
    assignedOn: timestamp('assigned_on', { withTimezone: true }).notNull().defaultNow(),
    assignedById: integer('assigned_by_id'),
    assignedByName: text('assigned_by_name'),
    installedOn: timestamp('installed_on', { withTimezone: true }),
    installedVersion: text('installed_version'),
  },
  (t) => [
    index('app_assignments_account_user_idx').on(t.accountId, t.userId),
    index('app_assignments_account_device_idx').on(t.accountId, t.deviceId),
  ],
);
