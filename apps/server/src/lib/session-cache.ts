/**
 * Sessions this process has read from the database, kept for at most SESSION_CACHE_MS, so that the
 * requests a page makes in a burst (and the dashboard's polling) do not each pay a database round
 * trip for the same session (docs/decisions/sign-in.md "Session cache"). Every check that depends on time (idle and
 * absolute expiry) is still made on each request against the kept row; what the cache can miss is
 * only a change made outside this process (another server instance, a manual SQL edit), and that for
 * at most SESSION_CACHE_MS. Every change this process makes to a session or to what a session
 * carries (its user's role, status or name) forgets the entries concerned at once: lib/sessions.ts on
 * sign-out, rotation and "end the user's sessions", and modules/users on a type change.
 * A change is often made inside a transaction: a request that reads the session between the forget
 * and the commit still sees the old row, so a forgotten session or user is not kept again for
 * SESSION_CACHE_MS (it is read from the database each time meanwhile).
 * Keyed by the session's id hash (256 random bits), so entries of different databases (the tests run
 * several) never meet.
 */
import type { Role } from '@wayguard/contracts';

export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/** What the session lookup reads: the session and its user. */
export type SessionRow = {
  idHash: string;
  csrfToken: string;
  lastSeenAt: Date;
  expiresAt: Date;
  userId: number;
  accountId: number;
  username: string;
  firstName: string;
  lastName: string;
  type: Role;
  status: string;
};

const entries = new Map<string, { row: SessionRow; until: number }>();
/** Sessions and users forgotten lately, with the time until which they are not kept again. */
const recentlyForgotten = { sessions: new Map<string, number>(), users: new Map<number, number>() };

function forgottenUntil<K>(map: Map<K, number>, key: K, now: number): boolean {
  const until = map.get(key);
  if (until === undefined) return false;
  if (until > now) return true;
  map.delete(key);
  return false;
}

function remember<K>(map: Map<K, number>, key: K): void {
  const now = Date.now();
  if (map.size >= MAX_ENTRIES) for (const [k, until] of map) if (until <= now) map.delete(k);
  map.set(key, now + SESSION_CACHE_MS);
}

/** The kept row of a session, if it was read less than SESSION_CACHE_MS ago. */
export function cachedSession(idHash: string, now: number): SessionRow | undefined {
  const hit = entries.get(idHash);
  if (!hit) return undefined;
  if (hit.until > now) return hit.row;
  entries.delete(idHash);
  return undefined;
}

/** Keeps a row just read from the database (the oldest entry goes when the cache is full). */
export function keepSession(row: SessionRow, now: number): void {
  if (
    forgottenUntil(recentlyForgotten.sessions, row.idHash, now) ||
    forgottenUntil(recentlyForgotten.users, row.userId, now)
  )
    return;
  if (!entries.has(row.idHash) && entries.size >= MAX_ENTRIES) {
    entries.delete(entries.keys().next().value as string);
  }
  entries.set(row.idHash, { row, until: now + SESSION_CACHE_MS });
}

/** Records a touch of last_seen_at in the kept row (without extending how long it is kept). */
export function touchCachedSession(idHash: string, lastSeenAt: Date): void {
  const hit = entries.get(idHash);
  if (hit) hit.row = { ...hit.row, lastSeenAt };
}

export function forgetSession(idHash: string): void {
  entries.delete(idHash);
  remember(recentlyForgotten.sessions, idHash);
}

/** Forgets every kept session of a user (its sessions ended, or its role or status changed). */
export function forgetUserSessions(userId: number): void {
  for (const [idHash, { row }] of entries) if (row.userId === userId) entries.delete(idHash);
  remember(recentlyForgotten.users, userId);
}

/** Forgets everything: for tests that change sessions or users behind the server's back. */
export function forgetAllSessions(): void {
  entries.clear();
  recentlyForgotten.sessions.clear();
  recentlyForgotten.users.clear();
}
