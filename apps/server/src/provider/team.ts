/**
 * The review team's own page (issue 25): the members, and deactivating one. A deactivation runs in one
 * transaction that locks every active member's row in id order, so that of two members deactivating
 * each other (or the same third member) at once, the second sees the first's outcome: exactly one wins,
 * the other gets 409. A member cannot deactivate themself and must still be active, so the team always
 * keeps an active member. The member's sessions are deleted in the same transaction: they end at once.
 */
import { PROVIDER_TEAM_MSG, providerActorName, type ProviderTeamResponse } from '@wayguard/contracts';
import type { Db } from '../db/client.js';
import { audit } from '../domain/access/audit.js';
import { HttpError } from '../lib/http-errors.js';
import type { ProviderSession } from '../domain/sessions/provider-sessions.js';
import { deactivateMemberRow, lockActiveMembers, memberById, memberRows } from './sql/team.js';

export async function teamMembers(db: Db): Promise<ProviderTeamResponse> {
  return { members: await memberRows(db) };
}

/** Deactivates member `id` for the signed-in member `s`; answers the member's full name. */
export async function deactivateMember(db: Db, s: ProviderSession, id: number, ip: string): Promise<string> {
  if (id === s.staffId) throw new HttpError(409, PROVIDER_TEAM_MSG.notSelf);
  return db.transaction(async (tx) => {
    const active = await lockActiveMembers(tx);
    const target = await memberById(tx, id);
    if (!target) throw new HttpError(404, PROVIDER_TEAM_MSG.notFound);
    if (target.status !== 'active') throw new HttpError(409, PROVIDER_TEAM_MSG.alreadyDeactivated);
    if (!active.includes(s.staffId)) throw new HttpError(409, PROVIDER_TEAM_MSG.actorDeactivated);
    if (active.filter((a) => a !== id).length === 0) throw new HttpError(409, PROVIDER_TEAM_MSG.lastActive);
    await deactivateMemberRow(tx, id);
    await audit(tx, {
      action: 'provider.staff_deactivated',
      targetType: 'provider_staff',
      targetId: id,
      ip,
      byStaff: { id: s.staffId, name: providerActorName(s.fullName) },
    });
    return target.full_name;
  });
}
