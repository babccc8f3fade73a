/**
 * Server-side sessions: the cookie holds 256 random bits; the table holds only their SHA-256.
 * Idle and absolute timeouts are checked on every request.
 */
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { personName } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema/index.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { SessionUser } from './session-user.js';
import {
  cachedSession,
  forgetSession,
  forgetSessionEverywhere,
  forgetUserSessionsEverywhere,
  keepSession,
  touchCachedSession,
} from './session-cache.js';

export const SESSION_COOKIE = 'wg_session';

export type Timeouts = { idleMinutes: number; absoluteHours: number };

export async function createSession(
  db: DbOrTx,
  user: { id: number; accountId: number },
  t: Timeouts,
  meta: { ip: string; userAgent?: string | undefined },
  csrfToken = randomToken(32),
): Promise<{ cookieValue: string; csrfToken: string }> {
  const cookieValue = randomToken(32);
  await db.insert(sessions).values({
    idHash: sha256(cookieValue),
    userId: user.id,
    accountId: user.accountId,
    csrfToken,
    expiresAt: new Date(Date.now() + t.absoluteHours * 3_600_000),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 256) ?? null,
  });
  return { cookieValue, csrfToken };
}

/**
 * The lookup every private request makes, as a named statement (lib/named-statements.ts says why),
 * built once per database handle.
 */
const lookups = new WeakMap<DbOrTx, ReturnType<typeof prepareLookup>>();
function prepareLookup(db: DbOrTx) {
  return db
    .select({
      idHash: sessions.idHash,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      accountId: users.accountId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      type: users.type,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.accountId, sessions.accountId)))
    .where(eq(sessions.idHash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('wg_load_session');
}

/**
 * Looks up a live session by cookie value (from the session cache, domain/sessions/session-cache.ts, when this
 * process read it moments ago); expired ones are deleted. Touches last_seen_at at most once a minute,
 * and at least four times per idle period, so that an active user never reaches the idle limit.
 */
export async function loadSession(db: DbOrTx, cookieValue: string, t: Timeouts): Promise<SessionUser | null> {
  const idHash = sha256(cookieValue);
  const now = Date.now();
  let s = cachedSession(idHash, now);
  if (!s) {
    let lookup = lookups.get(db);
    if (!lookup) {
      lookup = prepareLookup(db);
      lookups.set(db, lookup);
    }
    s = (await lookup.execute({ idHash }))[0];
    if (!s) return null;
    keepSession(s, now);
  }
  if (
    s.expiresAt.getTime() <= now ||
    s.lastSeenAt.getTime() + t.idleMinutes * 60_000 <= now ||
    s.status === 'deactivated'
  ) {
    forgetSession(idHash);
    await db.delete(sessions).where(eq(sessions.idHash, idHash));
    return null;
  }
  if (now - s.lastSeenAt.getTime() > Math.min(60_000, (t.idleMinutes * 60_000) / 4)) {
    touchCachedSession(idHash, new Date(now));
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, idHash));
    await db
      .update(users)
      .set({ lastActive: new Date(now) })
      .where(eq(users.id, s.userId));
  }
  return {
    sessionIdHash: s.idHash,
    csrfToken: s.csrfToken,
    userId: s.userId,
    accountId: s.accountId,
    username: s.username,
    name: personName({ first_name: s.firstName, last_name: s.lastName, username: s.username }),
    type: s.type,
  };
}

export async function destroySession(db: DbOrTx, idHash: string): Promise<void> {
  await forgetSessionEverywhere(db, idHash);
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

/** Ends every session of a user (deactivation, password change elsewhere). */
export async function destroyUserSessions(db: DbOrTx, userId: number, exceptIdHash?: string): Promise<void> {
  await forgetUserSessionsEverywhere(db, userId);
  await db
    .delete(sessions)
    .where(
      exceptIdHash
        ? and(eq(sessions.userId, userId), sql`${sessions.idHash} <> ${exceptIdHash}`)
        : eq(sessions.userId, userId),
    );
}

/** Replaces a session with a new id (same user, same CSRF token): used after privilege-changing steps. */
export async function rotateSession(
  db: DbOrTx,
  current: SessionUser,
  t: Timeouts,
  meta: { ip: string; userAgent?: string | undefined },
): Promise<string> {
  await destroySession(db, current.sessionIdHash);
  const { cookieValue } = await createSession(
    db,
    { id: current.userId, accountId: current.accountId },
    t,
    meta,
    current.csrfToken,
  );
  return cookieValue;
}

export async function purgeExpiredSessions(db: DbOrTx, idleMinutes: number): Promise<void> {
  const idleCutoff = new Date(Date.now() - idleMinutes * 60_000);
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date()), lt(sessions.lastSeenAt, idleCutoff)));
}
