/** The review team's members (provider_staff): the list, and a member's deactivation (team.ts). */
import { sql } from 'drizzle-orm';
import type { ProviderTeamResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';

/** Active members first, then by name. */
export async function memberRows(db: DbOrTx): Promise<ProviderTeamResponse['members']> {
  const r = await db.execute<ProviderTeamResponse['members'][number]>(sql`SELECT id, username, full_name, status,
      coalesce(extract(epoch FROM last_sign_in_at)::bigint::int, 0) AS last_sign_in,
      totp_secret IS NOT NULL AS two_factor
    FROM provider_staff ORDER BY status = 'active' DESC, lower(full_name), id`);
  return r.rows.map((m) => ({ ...m, last_sign_in: Number(m.last_sign_in) }));
}

/** Locks every active member's row, in id order; answers their ids. */
export async function lockActiveMembers(tx: DbOrTx): Promise<number[]> {
  const r = await tx.execute<{ id: number }>(
    sql`SELECT id FROM provider_staff WHERE status = 'active' ORDER BY id FOR UPDATE`,
  );
  return r.rows.map((m) => m.id);
}

export async function memberById(
  tx: DbOrTx,
  id: number,
): Promise<{ id: number; full_name: string; status: string } | null> {
  const r = await tx.execute<{ id: number; full_name: string; status: string }>(
    sql`SELECT id, full_name, status FROM provider_staff WHERE id = ${id}`,
  );
  return r.rows[0] ?? null;
}

/** Deactivates the member and deletes their sessions: they end at once. */
export async function deactivateMemberRow(tx: DbOrTx, id: number): Promise<void> {
  await tx.execute(sql`UPDATE provider_staff SET status = 'deactivated' WHERE id = ${id} AND status = 'active'`);
  await tx.execute(sql`DELETE FROM provider_sessions WHERE staff_id = ${id}`);
}
