/**
 * Which of a device's commands are due to it (docs/design/agent-api.md 'Commands'), as SQL shared by the
 * device API's check-in (how many wait) and GET /commands (which it delivers), so the two never
 * disagree.
 */
import { sql, type SQL } from 'drizzle-orm';

/**
 * What makes a command due to the device now (`c` the command, `d` its device row): pending, or
 * delivered and not acknowledged within two check-in intervals (the answer may have been lost), and
 * not past its expiry. Acknowledged commands are never sent again.
 */
export const dueCommandSql = (now: SQL) =>
  sql`c.expires_at > ${now} AND (c.state = 'pending' OR (c.state = 'delivered'
    AND c.delivered_at <= ${now} - make_interval(secs => 2 * d.checkin_interval_s)))`;

/** A count of the commands due at `now` to the device row aliased `d`, as a scalar subquery (check-in's answer). */
export const waitingCommandsSql = (now: SQL) =>
  sql`SELECT count(*) FROM device_commands c
    WHERE c.account_id = d.account_id AND c.device_id = d.id
      AND c.state IN ('pending', 'delivered', 'acknowledged')
      AND ${dueCommandSql(now)}`;
