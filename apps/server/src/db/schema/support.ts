import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Published agreements (global). The newest terms_of_use is the one every console user must accept. */
export const agreements = pgTable('agreements', {
  id: serial('id').primaryKey(),
  kind: text('kind', { enum: ['terms_of_use', 'eula', 'privacy_policy'] }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    userId: integer('user_id').notNull(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    result: text('result', { enum: ['accept', 'decline'] }).notNull(),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agreement_acceptances_account_user_idx').on(t.accountId, t.userId, t.agreementId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    notes: text('notes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_account_idx').on(t.accountId, t.createdAt)],
);

export const feedbackAttachments = pgTable(
  'feedback_attachments',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id').notNull(),
    feedbackId: integer('feedback_id')
      .notNull()
      .references(() => feedback.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
  },
  (t) => [index('feedback_attachments_account_idx').on(t.accountId, t.feedbackId)],
);

/** Items of the dashboard's news tile (global). */
export const newsItems = pgTable('news_items', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Telephone country codes offered by the forms (global). */
export const countryCodes = pgTable('country_codes', {
  id: serial('id').primaryKey(),
  countryName: text('country_name').notNull(),
  digits: text('digits').notNull(),
});
