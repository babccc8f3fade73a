/**
 * The provider's review team (issue 11; docs/decisions/review-team.md "The provider's review team (issue 11)"):
 * the queue of every account's escalated threads, and the team's decisions. A decision runs in
 * one transaction: the thread is locked (FOR UPDATE), must still be pending with the team (status tech),
 * and is changed by a conditional UPDATE (... AND state = 'pending' AND status = 'tech'), so that of two
 * staff members, or a staff member and the account's administrator cancelling it, exactly one wins and
 * the other gets 409. The team acts inside the thread's account through an Actor that names the staff
 * member ('Wayguard Team (Sam Rivera)'): the rule writer and the audit entries record it so.
 */
import {
  PROVIDER_MSG,
  PROVIDER_TEAM,
  providerActorName,
  requestErrorText,
  type ProviderDetailsResponse,
  type ProviderQueueResponse,
  type ProviderStaff,
  type ProviderThreadKind,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { providerDecideRequest, providerDetailsQuery, providerQueueQuery } from '@wayguard/contracts';
import type { Db } from '../db/client.js';
import type { Actor } from '../domain/access/actor.js';
import { HttpError } from '../lib/http-errors.js';
import type { ProviderSession } from '../domain/sessions/provider-sessions.js';
import { approveForAccount } from '../domain/requests/decisions.js';
import { decideAppThread } from './app-decisions.js';
import { auditTeamDecision } from './decision-audit.js';
import { queuedAppThread, queuedThread, queuePage, threadAsks, toRow } from './repository.js';
import { denyThread } from './sql/decisions.js';

const conflict = (message: string) => new HttpError(409, message);
const notFound = () => new HttpError(404, PROVIDER_MSG.notFound);

export const staffOfSession = (s: ProviderSession): ProviderStaff => ({
  id: s.staffId,
  username: s.username,
  full_name: s.fullName,
});

export async function queue(db: Db, q: z.output<typeof providerQueueQuery>): Promise<ProviderQueueResponse> {
  const { rows, total } = await queuePage(db, q);
  return { requests: rows, total_count: total };
}

export async function details(db: Db, q: z.output<typeof providerDetailsQuery>): Promise<ProviderDetailsResponse> {
  const { id, kind } = q;
  const t = kind === 'app' ? await queuedAppThread(db, id) : await queuedThread(db, kind, id);
  if (!t || t.state !== 'pending' || t.status !== 'tech') throw notFound();
  const asks = await threadAsks(db, kind, t.account_id, id);
  return {
    request: toRow(t),
    asks: asks.map((k) => ({
      requester: k.requester_name,
      device: k.device ?? '',
      notes: k.notes ?? '',
      asked: Number(k.asked),
    })),
  };
}

/** The staff member acting in the thread's account: no console user; named 'Wayguard Team (full name)'. */
function staffActor(s: ProviderSession, accountId: number, ip: string): Actor {
  const name = providerActorName(s.fullName);
  return {
    userId: 0,
    accountId,
    username: name,
    name,
    role: 'console_admin',
    ip,
    sessionIdHash: s.idHash,
    staff: { id: s.staffId, name },
  };
}

export async function decide(
  db: Db,
  s: ProviderSession,
  b: z.output<typeof providerDecideRequest>,
  ip: string,
  now = new Date(),
): Promise<{ state: 'approved' | 'denied'; kind: ProviderThreadKind }> {
  const { kind } = b;
  if (kind === 'app') {
    const r = await db.transaction((tx) =>
      decideAppThread(tx, b.id, b, (accountId) => staffActor(s, accountId, ip), now),
    );
    if (r === 'unknown') throw notFound();
    if (r === 'decided') throw conflict(PROVIDER_MSG.alreadyDecided);
    return { state: r, kind };
  }
  return db.transaction(async (tx) => {
    const t = await queuedThread(tx, kind, b.id, true);
    if (!t) throw notFound();
    // Decided meanwhile (by another staff member, or cancelled by the account's administrator).
    if (t.state !== 'pending' || t.status !== 'tech') throw conflict(PROVIDER_MSG.alreadyDecided);
    const actor = staffActor(s, t.account_id, ip);
    const processor = { id: null, name: PROVIDER_TEAM };
    if (b.decision === 'approve') {
      const r = await approveForAccount(
        tx,
        actor,
        { ...t, state: 'pending' },
        { expiresAt: null, now, processor, byTeam: true },
      );
      // Throwing rolls back the rule written before a lost update.
      // A locked category (AC055) or a media subject that cannot be made (AC019): its catalogue text.
      if (r === 'AC055' || r === 'AC019') throw conflict(requestErrorText(r));
      if (r !== 'added') throw conflict(PROVIDER_MSG.alreadyDecided);
    } else {
      // The notes are the thread's denied reason; review_notes keeps the administrator's review reason.
      if (!(await denyThread(tx, t, b.notes, now))) throw conflict(PROVIDER_MSG.alreadyDecided);
    }
    await auditTeamDecision(
      tx,
      actor,
      { type: 'access_request', id: t.id, review_notes: t.review_notes },
      b,
      { kind: t.kind, subject: t.website, from: 'pending' },
      { association: 'company' },
    );
    return { state: b.decision === 'approve' ? 'approved' : 'denied', kind };
  });
}
