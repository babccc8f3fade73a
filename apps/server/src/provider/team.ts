/**
 * The review team's own page (issue 25): the members, and deactivating one. A deactivation runs in one
 * transaction that locks every active member's row in id order, so that of two members deactivating
 * each other (or the same third member) at once, the second sees the first's outcome: exactly one wins,
 * the other gets 409. A member cannot deactivate themself and must still be active, so the team always
 * keeps an active member. The member's sessions are deleted in the same transaction: they end at once.
 */
import { sql } from 'drizzle-orm';
import { PROVIDER_TEAM_MSG, providerActorName, type ProviderTeamResponse } from '@wayguard/contracts';
import type { Db } from '../db/client.js';
import { audit } from '../lib/audit.js';
import { HttpError } from '../lib/http-errors.js';
import type { ProviderSession } from '../lib/provider-sessions.js';

export async function teamMembers(db: Db): Promise<ProviderTeamResponse> {
  const r = await db.execute<ProviderTeamResponse['members'][number]>(sql`SELECT id, username, full_name, status,
      coalesce(extract(epoch FROM last_sign_in_at)::bigint::int, 0) AS last_sign_in,
      totp_secret IS NOT NULL AS two_factor
    FROM provider_staff ORDER BY status = 'active' DESC, lower(full_name), id`);
  return { members: r.rows.map((m) => ({ ...m, last_sign_in: Number(m.last_sign_in) })) };
}

/** Deactivates member `id` for the signed-in member `s`; answers the member's full name. */
export async function deactivateMember(db: Db, s: ProviderSession, id: number, ip: string): Promise<string> {
  if (id === s.staffId) throw new HttpError(409, PROVIDER_TEAM_MSG.notSelf);
  return db.transaction(async (tx) => {
    const active = (
      await tx.execute<{ id: number }>(
        sql`SELECT id FROM provider_staff WHERE status = 'active' ORDER BY id FOR UPDATE`,
      )
    ).rows.map((r) => r.id);
    const target = (
      await tx.execute<{ id: number; full_name: string; status: string }>(
        sql`SELECT id, full_name, status FROM provider_staff WHERE id = ${id}`,
      )
    ).rows[0];
    if (!target) throw new HttpError(404, PROVIDER_TEAM_MSG.notFound);
    if (target.status !== 'active') throw new HttpError(409, PROVIDER_TEAM_MSG.alreadyDeactivated);
    if (!active.includes(s.staffId)) throw new HttpError(409, PROVIDER_TEAM_MSG.actorDeactivated);
    if (active.filter((a) => a !== id).length === 0) throw new HttpError(409, PROVIDER_TEAM_MSG.lastActive);
    await tx.execute(sql`UPDATE provider_staff SET status = 'deactivated' WHERE id = ${id} AND status = 'active'`);
    await tx.execute(sql`DELETE FROM provider_sessions WHERE staff_id = ${id}`);
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
