/**
 * Queries of registration info and the dashboard: counts shown by the dashboard and the Requests menu
 * (computed from real rows in one query each; both run on every dashboard poll, so as named statements,
 * lib/named-statements.ts), agreements and their answers, news.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { accounts, agreementAcceptances, agreements, countryCodes, newsItems, users } from '../../db/schema/index.js';
import { NEWS_ITEMS, USER_TILE_FILTERS, usersListQuery } from '@wayguard/contracts';
import { executeBuilt, executeNamed } from '../../lib/named-statements.js';
import { createStatementTemplates } from '../../lib/statement-templates.js';
import { countUsersSql } from '../../domain/users/users-list-filters.js';

const statements = createStatementTemplates();

/**
 * The Requests menu's chips: pending website and media threads from access_request_counts (kept by
 * triggers, migration 0015: a primary-key read instead of counting up to a million threads) and
 * pending app requests. Built once (lib/statement-templates.ts), run named.
 */
export async function requestCounts(db: DbOrTx, accountId: number) {
  const account = sql.placeholder('account');
  const statement = statements.fill(
    'request-counts',
    () => sql`
    SELECT
      coalesce(sum(n) FILTER (WHERE kind = 'website' AND status = 'admin'), 0)::int AS website_requests,
      coalesce(sum(n) FILTER (WHERE kind = 'website' AND status = 'tech'), 0)::int AS website_requests_tech,
      coalesce(sum(n) FILTER (WHERE kind = 'media' AND status = 'admin'), 0)::int AS media_requests,
      coalesce(sum(n) FILTER (WHERE kind = 'media' AND status = 'tech'), 0)::int AS media_requests_tech,
      (SELECT coalesce(sum(c.n), 0) FROM app_request_counts c WHERE c.account_id = ${account} AND c.state = 'pending' AND c.status = 'admin') AS mobile_app_requests,
      (SELECT coalesce(sum(c.n), 0) FROM app_request_counts c WHERE c.account_id = ${account} AND c.state = 'pending' AND c.status = 'tech') AS mobile_app_requests_tech
    FROM access_request_counts WHERE account_id = ${account} AND state = 'pending'`,
    { account: accountId },
  )!;
  const r = await executeBuilt<Record<string, string>>(db, statement, true);
  const row = r.rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    website_requests: n('website_requests'),
    website_requests_tech: n('website_requests_tech'),
    media_requests: n('media_requests'),
    media_requests_tech: n('media_requests_tech'),
    mobile_app_requests: n('mobile_app_requests'),
    mobile_app_requests_tech: n('mobile_app_requests_tech'),
  };
}

/** Devices (not deactivated) with open critical / important alerts, and the dashboard's user tiles (000 §2.3). */
export async function alertAndUserCounts(db: DbOrTx, accountId: number, now = new Date()) {
  // Each user tile counts what its link lists: the users list's own count with the tile's filters.
  const tileCount = (tile: keyof typeof USER_TILE_FILTERS) =>
    countUsersSql(
      accountId,
      usersListQuery.parse(Object.fromEntries(USER_TILE_FILTERS[tile].map((k) => [k, '1']))),
      now,
    );
  const r = await executeNamed<Record<string, string>>(
    db,
    sql`
    SELECT
      (SELECT count(DISTINCT a.device_id) FROM device_alerts a JOIN devices d ON d.id = a.device_id AND d.account_id = a.account_id
        WHERE a.account_id = ${accountId} AND a.cleared_at IS NULL AND a.severity = 'critical' AND d.deactivated_date IS NULL) AS critical_alert_count,
      (SELECT count(DISTINCT a.device_id) FROM device_alerts a JOIN devices d ON d.id = a.device_id AND d.account_id = a.account_id
        WHERE a.account_id = ${accountId} AND a.cleared_at IS NULL AND a.severity = 'important' AND d.deactivated_date IS NULL) AS important_alert_count,
      ${tileCount('pending_users')} AS pending_users,
      ${tileCount('active_users')} AS active_users,
      ${tileCount('deactivated_users')} AS deactivated_users`,
  );
  const row = r.rows[0] ?? {};
  const n = (k: string) => Number(row[k] ?? 0);
  return {
    critical_alert_count: n('critical_alert_count'),
    important_alert_count: n('important_alert_count'),
    pending_users: n('pending_users'),
    active_users: n('active_users'),
    deactivated_users: n('deactivated_users'),
  };
}

export type AgreementKind = 'terms_of_use' | 'eula' | 'privacy_policy';

export async function latestAgreement(db: DbOrTx, kind: AgreementKind) {
  const [a] = await db
    .select()
    .from(agreements)
    .where(eq(agreements.kind, kind))
    .orderBy(desc(agreements.publishedAt), desc(agreements.id))
    .limit(1);
  return a;
}

export async function hasAccepted(db: DbOrTx, accountId: number, userId: number, agreementId: number) {
  const [accepted] = await db
    .select({ id: agreementAcceptances.id })
    .from(agreementAcceptances)
    .where(
      and(
        eq(agreementAcceptances.accountId, accountId),
        eq(agreementAcceptances.userId, userId),
        eq(agreementAcceptances.agreementId, agreementId),
        eq(agreementAcceptances.result, 'accept'),
      ),
    )
    .limit(1);
  return accepted !== undefined;
}

export async function insertAgreementAnswer(db: DbOrTx, row: typeof agreementAcceptances.$inferInsert) {
  await db.insert(agreementAcceptances).values(row);
}

/** The user and their account, both by the session's ids. */
export async function userWithAccount(db: DbOrTx, accountId: number, userId: number) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return row;
}

export const allCountryCodes = (db: Db) => db.select().from(countryCodes).orderBy(asc(countryCodes.countryName));

/** The dashboard's news tile: the newest items. */
export const newestNews = (db: Db) =>
  db.select().from(newsItems).orderBy(desc(newsItems.publishedAt), desc(newsItems.id)).limit(NEWS_ITEMS);
