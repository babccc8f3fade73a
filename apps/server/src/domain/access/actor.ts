/**
 * The one "who is acting" object of the console API. The auth plugin (plugins/auth.ts) makes it once
 * per request from the loaded session; routes hand it to services, which scope every query by its
 * account and record it in audit entries.
 */
import type { FastifyRequest } from 'fastify';
import type { Role } from '@wayguard/contracts';
import type { SessionUser } from '../sessions/session-user.js';

export type Actor = {
  userId: number;
  accountId: number;
  /** The stable username: audit entries and anything that identifies the account's user record. */
  username: string;
  /**
   * How the actor is named where an action is attributed to them (processor, creator, "decided by",
   * device timelines): full name, else username (contracts personName, docs/decisions/users.md
   * "Naming people (issue 26)"). For the review team, the same as `username`.
   */
  name: string;
  role: Role;
  /** The client's address, for audit records and per-address limits. */
  ip: string;
  /** The session's id hash: password verifications and session rotation are per session. */
  sessionIdHash: string;
  /**
   * Set when a member of the provider's review team acts in the account (provider/, issue 11): there is
   * no console user (userId 0, recorded as none), `username` is 'Wayguard Team (full name)', and audit
   * entries name the staff member in their details.
   */
  staff?: { id: number; name: string };
};

export function toActor(session: SessionUser, ip: string): Actor {
  return {
    userId: session.userId,
    accountId: session.accountId,
    username: session.username,
    name: session.name,
    role: session.type,
    ip,
    sessionIdHash: session.sessionIdHash,
  };
}

/** The request's actor. Only private routes have one: calling this on a public route is a programming error. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Error('actorOf on a route without a session');
  return request.actor;
}

/** The audit fields of an entry made by `actor` (spread into audit()). */
export const byActor = (actor: Actor) => ({
  accountId: actor.accountId,
  actorUserId: actor.staff ? null : actor.userId,
  ip: actor.ip,
  ...(actor.staff ? { byStaff: actor.staff } : {}),
});
