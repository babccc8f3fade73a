/**
 * Sessions of the provider's review team (issue 11), apart from the console's (domain/sessions/sessions.ts): the
 * `wg_provider` cookie holds 256 random bits, the `provider_sessions` table only their SHA-256, with
 * the console's idle and absolute timeouts. A deactivated staff member's sessions end at their next
 * request. Read by plugins/provider-auth.ts; made and ended by the provider API (provider/).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { Timeouts } from './sessions.js';

export const PROVIDER_COOKIE = 'wg_provider';

export type ProviderSession = {
  idHash: string;
  csrfToken: string;
  staffId: number;
  username: string;
  fullName: string;
};

export async function createProviderSession(
  db: DbOrTx,
  staffId: number,
  t: Timeouts,
  ip: string,
): Promise<{ cookieValue: string; csrfToken: string }> {
  const cookieValue = randomToken(32);
  const csrfToken = randomToken(32);
  await db.execute(sql`INSERT INTO provider_sessions (id_hash, staff_id, csrf_token, expires_at, ip)
    VALUES (${sha256(cookieValue)}, ${staffId}, ${csrfToken},
      ${new Date(Date.now() + t.absoluteHours * 3_600_000).toISOString()}, ${ip})`);
  return { cookieValue, csrfToken };
}

/** The live session of a cookie value, or null (unknown, idle or past its end, or its staff deactivated: deleted). */
export async function loadProviderSession(
  db: DbOrTx,
  cookieValue: string,
  t: Timeouts,
): Promise<ProviderSession | null> {
  const idHash = sha256(cookieValue);
  const r = await db.execute<{
    csrf_token: string;
    staff_id: number;
    username: string;
    full_name: string;
    status: string;
    expires_at: string | Date;
    last_seen_at: string | Date;
  }>(sql`SELECT s.csrf_token, s.staff_id, s.expires_at, s.last_seen_at, p.username, p.full_name, p.status
    FROM provider_sessions s JOIN provider_staff p ON p.id = s.staff_id WHERE s.id_hash = ${idHash}`);
  const s = r.rows[0];
  if (!s) return null;
  const now = Date.now();
  const lastSeen = new Date(s.last_seen_at).getTime();
  if (new Date(s.expires_at).getTime() <= now || lastSeen + t.idleMinutes * 60_000 <= now || s.status !== 'active') {
    await destroyProviderSession(db, idHash);
    return null;
  }
  if (now - lastSeen > Math.min(60_000, (t.idleMinutes * 60_000) / 4))
    await db.execute(sql`UPDATE provider_sessions SET last_seen_at = now() WHERE id_hash = ${idHash}`);
  return { idHash, csrfToken: s.csrf_token, staffId: s.staff_id, username: s.username, fullName: s.full_name };
}

export async function destroyProviderSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.execute(sql`DELETE FROM provider_sessions WHERE id_hash = ${idHash}`);
}
