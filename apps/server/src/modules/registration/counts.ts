/** Counts shown by the dashboard and the Requests menu, computed from real rows in one query each. */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

export async function requestCounts(db: DbOrTx, accountId: number) {
  const r = await db.execute<Record<string, string>>(sql`
    SELECT
      count(*) FILTER (WHERE kind = 'website' AND status = 'admin') AS website_requests,
      count(*) FILTER (WHERE kind = 'website' AND status = 'tech') AS website_requests_tech,
      count(*) FILTER (WHERE kind = 'media' AND status = 'admin') AS media_requests,
      count(*) FILTER (WHERE kind = 'media' AND status = 'tech') AS media_requests_tech,
      (SELECT count(*) FROM app_requests a WHERE a.account_id = ${accountId} AND a.state = 'pending' AND a.status = 'admin') AS mobile_app_requests,
      (SELECT count(*) FROM app_requests a WHERE a.account_id = ${accountId} AND a.state = 'pending' AND a.status = 'tech') AS mobile_app_requests_tech
    FROM access_requests WHERE account_id = ${accountId} AND state = 'pending'`);
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

/** Devices (not deactivated) with open critical / important alerts, and console users by status. */
export async function alertAndUserCounts(db: DbOrTx, accountId: number) {
  const r = await db.execute<Record<string, string>>(sql`
    SELECT
      (SELECT count(DISTINCT a.device_id) FROM device_alerts a JOIN devices d ON d.id = a.device_id AND d.account_id = a.account_id
        WHERE a.account_id = ${accountId} AND a.cleared_at IS NULL AND a.severity = 'critical' AND d.deactivated_date IS NULL) AS critical_alert_count,
      (SELECT count(DISTINCT a.device_id) FROM device_alerts a JOIN devices d ON d.id = a.device_id AND d.account_id = a.account_id
        WHERE a.account_id = ${accountId} AND a.cleared_at IS NULL AND a.severity = 'important' AND d.deactivated_date IS NULL) AS important_alert_count,
      (SELECT count(*) FROM users u WHERE u.account_id = ${accountId} AND u.status IN ('awaiting_activation', 'password_reset')) AS pending_users,
      (SELECT count(*) FROM users u WHERE u.account_id = ${accountId} AND u.status = 'activated') AS active_users,
      (SELECT count(*) FROM users u WHERE u.account_id = ${accountId} AND u.status = 'deactivated') AS deactivated_users`);
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
