import { doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accountColumn, cascadeRef, createdAt, serialId, zonedTime } from './columns.js';

/** Published agreements (global). The newest terms_of_use is the one every console user must accept. */
export const agreements = pgTable('agreements', {
  id: serialId(),
  kind: text('kind', { enum: ['terms_of_use', 'eula', 'privacy_policy'] }).notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  publishedAt: zonedTime('published_at').notNull().defaultNow(),
});

export const agreementAcceptances = pgTable(
  'agreement_acceptances',
  {
    id: serialId(),
    accountId: accountColumn(),
    userId: integer('user_id').notNull(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id),
    result: text('result', { enum: ['accept', 'decline'] }).notNull(),
    capturedAt: zonedTime('captured_at').notNull(),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('agreement_acceptances_account_user_idx').on(t.accountId, t.userId, t.agreementId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id: serialId(),
    accountId: accountColumn(),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    notes: text('notes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_account_idx').on(t.accountId, t.createdAt)],
);

export const feedbackAttachments = pgTable(
  'feedback_attachments',
  {
    id: serialId(),
    accountId: accountColumn(),
    feedbackId: cascadeRef('feedback_id', () => feedback.id),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
  },
  (t) => [index('feedback_attachments_account_idx').on(t.accountId, t.feedbackId)],
);

/** Items of the dashboard's news tile (global). */
export const newsItems = pgTable('news_items', {
  id: serialId(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  link: text('link'),
  publishedAt: zonedTime('published_at').notNull().defaultNow(),
});

/** Telephone country codes offered by the forms (global). */
export const countryCodes = pgTable('country_codes', {
  id: serialId(),
  countryName: text('country_name').notNull(),
  digits: text('digits').notNull(),
});
