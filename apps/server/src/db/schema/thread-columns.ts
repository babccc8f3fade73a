/**
 * What the two kinds of request thread (access_requests: websites and media; app_requests: apps) share:
 * their state and status, the provider's review, who decided them and when they were asked for, and the
 * indexes of their lists' sorts and of the provider's review queue.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { cascadeRef, requesterColumns, tenantKey, zonedTime } from './columns.js';

export const REQUEST_STATES = ['pending', 'approved', 'denied'] as const;
/** admin: with the account's administrators; tech: with (or denied by) the provider's team. */
export const REQUEST_STATUSES = ['admin', 'tech'] as const;

/** Where a thread stands: pending until decided, and with whom. */
export const threadStateColumns = () => ({
  state: text('state', { enum: REQUEST_STATES }).notNull().default('pending'),
  status: text('status', { enum: REQUEST_STATUSES }).notNull().default('admin'),
});

/** The provider's review of a thread. */
export const reviewColumns = () => ({
  reviewRequested: boolean('review_requested').notNull().default(false),
  /** The provider's team already decided this thread once (a review then answers AC011). */
  reviewed: boolean('reviewed').notNull().default(false),
  reviewNotes: text('review_notes'),
  /** When and by whom (the console user's name) the thread was sent to the provider's team (request_review). */
  reviewRequestedAt: zonedTime('review_requested_at'),
  reviewRequestedBy: text('review_requested_by'),
});

/** An ask of a device for a thread (`thread`: the thread table's id): the device, who asked, their notes. */
export const askColumns = (thread: () => AnyPgColumn) => ({
  ...tenantKey(),
  requestId: cascadeRef('request_id', thread),
  deviceId: integer('device_id'),
  ...requesterColumns(),
  notes: text('notes'),
});

/** Who decided the thread and when, and when it was first and last asked for. */
export const decisionColumns = () => ({
  processorId: integer('processor_id'),
  processorName: text('processor_name'),
  processedAt: zonedTime('processed_at'),
  requestedAt: zonedTime('requested_at').notNull().defaultNow(),
  lastAskedAt: zonedTime('last_asked_at').notNull().defaultNow(),
});

type ThreadTable = Record<
  | 'id'
  | 'state'
  | 'status'
  | 'requestedAt'
  | 'processedAt'
  | 'requesterName'
  | 'processorName'
  | 'forName'
  | 'reviewRequestedAt',
  AnyPgColumn
>;

/**
 * The lists' sorts (001 §9) after the columns every list filters on (`lead`), each ending in id so that
 * pages are stable and keyset-friendly: requested, processed, the thread's name (`byName`), requester,
 * processor and 'for'.
 */
export function threadSortIndexes(
  table: string,
  t: ThreadTable,
  lead: [AnyPgColumn, ...AnyPgColumn[]],
  byName: { key: string; column: AnyPgColumn },
) {
  const sort = (key: string, column: AnyPgColumn) => index(`${table}_account_${key}_idx`).on(...lead, column, t.id);
  return [
    sort('requested', t.requestedAt),
    sort('processed', t.processedAt),
    sort(byName.key, byName.column),
    sort('requester', t.requesterName),
    sort('processor', t.processorName),
    sort('for', t.forName),
  ];
}

/** The provider's review queue: every account's escalated threads, oldest escalation first. */
export const providerQueueIndex = (table: string, t: ThreadTable) =>
  index(`${table}_provider_queue_idx`)
    .on(t.reviewRequestedAt, t.id)
    .where(sql`${t.state} = 'pending' AND ${t.status} = 'tech'`);
