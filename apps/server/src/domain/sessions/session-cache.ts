/**
 * Sessions this process has read from the database, kept for at most SESSION_CACHE_MS, so that the
 * requests a page makes in a burst (and the dashboard's polling) do not each pay a database round
 * trip for the same session (docs/decisions/sign-in.md "Session cache"). Every check that depends on time (idle and
 * absolute expiry) is still made on each request against the kept row. A session cannot be stamped
 * by a version without a read per request, so what changes a session or what it carries is forgotten
 * in every process at once (lib/kept/broadcast.ts): domain/sessions/sessions.ts on sign-out, rotation and "end the
 * user's sessions" (deactivation, password change), and modules/users on a type change, each sends a
 * 'session' or 'user' forget inside its transaction, heard by every process's listener at commit; the
 * sender also forgets at once here. SESSION_CACHE_MS is short already, so it is also the fallback while
 * a process's listener is down.
 * A change is often made inside a transaction: a request that reads the session between the forget
 * and the commit still sees the old row, so a forgotten session or user is not kept again for
 * SESSION_CACHE_MS (it is read from the database each time meanwhile).
 * Keyed by the session's id hash (256 random bits), so entries of different databases (the tests run
 * several) never meet.
 */
import type { Role } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { broadcastForget, onForget } from '../../lib/kept/broadcast.js';
import { keptNamed } from '../../lib/kept/registry.js';
import { Ttl } from '../../lib/kept/ttl.js';

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

keptNamed('sessions');
const entries = new Ttl<string, SessionRow>({ ttlMs: SESSION_CACHE_MS, maxEntries: MAX_ENTRIES });
/** Sessions and users forgotten lately, with the time until which they are not kept again. */
const recentlyForgotten = {
  sessions: new Ttl<string, true>({ ttlMs: SESSION_CACHE_MS, maxEntries: MAX_ENTRIES }),
  users: new Ttl<number, true>({ ttlMs: SESSION_CACHE_MS, maxEntries: MAX_ENTRIES }),
};

/** The kept row of a session, if it was read less than SESSION_CACHE_MS ago. */
export function cachedSession(idHash: string, now: number): SessionRow | undefined {
  return entries.get(idHash, now);
}

/** Keeps a row just read from the database (the oldest entry goes when the cache is full). */
export function keepSession(row: SessionRow, now: number): void {
  if (recentlyForgotten.sessions.get(row.idHash, now) || recentlyForgotten.users.get(row.userId, now)) return;
  entries.set(row.idHash, row, SESSION_CACHE_MS, now);
}

/** Records a touch of last_seen_at in the kept row (without extending how long it is kept). */
export function touchCachedSession(idHash: string, lastSeenAt: Date): void {
  entries.update(idHash, (row) => ({ ...row, lastSeenAt }));
}

/** Forgets a session in this process. */
export function forgetSession(idHash: string): void {
  entries.delete(idHash);
  recentlyForgotten.sessions.set(idHash, true);
}

/** Forgets every kept session of a user in this process (its sessions ended, or its role or status changed). */
export function forgetUserSessions(userId: number): void {
  entries.deleteWhere((_k, row) => row.userId === userId);
  recentlyForgotten.users.set(userId, true);
}

/** Forgets everything: for tests that change sessions or users behind the server's back. */
export function forgetAllSessions(): void {
  entries.clear();
  recentlyForgotten.sessions.clear();
  recentlyForgotten.users.clear();
}

onForget('session', (key) => (key === null ? forgetAllSessions() : forgetSession(key)));
onForget('user', (key) => (key === null ? forgetAllSessions() : forgetUserSessions(Number(key))));

/** Forgets the session here at once, and in every process when the caller's transaction commits. */
export async function forgetSessionEverywhere(db: DbOrTx, idHash: string): Promise<void> {
  forgetSession(idHash);
  await broadcastForget(db, 'session', idHash);
}

/**
 * Forgets the user's sessions here at once, and in every process when the caller's transaction commits:
 * call inside the transaction that changes the user's role, status or sessions.
 */
export async function forgetUserSessionsEverywhere(db: DbOrTx, userId: number): Promise<void> {
  forgetUserSessions(userId);
  await broadcastForget(db, 'user', userId);
}
