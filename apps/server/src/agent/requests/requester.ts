/** Who asks on a device (POST /api/agent/v1/requests): the named server or local user, or the device's own user. */
import { sql } from 'drizzle-orm';
import { personName, type AgentRequest, type ServerUserOptions } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { RequesterKind } from '../../lib/requests/threads.js';
import type { AgentDevice } from '../../types.js';
import { deviceGone } from '../../lib/agent-devices.js';

export type Requester = {
  kind: RequesterKind | null;
  id: number | null;
  name: string;
  connectionId: number | null;
  options: ServerUserOptions | null;
};

/** The device's name and settings, and who asks: the named user, or the device's own user. */
export async function context(db: DbOrTx, device: AgentDevice, user: AgentRequest['user']) {
  const d = (
    await db.execute<{
      name: string;
      user_kind: RequesterKind | null;
      user_ref_id: number | null;
      settings: { key: string; value: boolean }[] | null;
    }>(sql`SELECT d.name, d.user_kind, d.user_ref_id, c.bool_settings AS settings FROM devices d
      LEFT JOIN device_configs c ON c.device_id = d.id AND c.account_id = d.account_id
      WHERE d.account_id = ${device.accountId} AND d.id = ${device.id}`)
  ).rows[0];
  if (!d) throw deviceGone(device.id);
  const settings = new Map((d.settings ?? []).map((s) => [s.key, s.value]));
  const server = (where: ReturnType<typeof sql>) =>
    db.execute<{
      id: number;
      username: string;
      first_name: string;
      last_name: string;
      type: 'server_user' | 'local_user';
      connection_id: number | null;
      options: ServerUserOptions;
    }>(
      sql`SELECT id, username, first_name, last_name, type, connection_id, options FROM server_users WHERE account_id = ${device.accountId} AND ${where}`,
    );
  let requester: Requester = { kind: null, id: null, name: '', connectionId: null, options: null };
  if (user) {
    const su = (await server(sql`type = ${user.kind} AND username = ${user.username} ORDER BY id LIMIT 1`)).rows[0];
    requester = su
      ? { kind: su.type, id: su.id, name: personName(su), connectionId: su.connection_id, options: su.options }
      : { kind: user.kind, id: null, name: personName(user), connectionId: null, options: null };
  } else if (d.user_kind === 'user' && d.user_ref_id !== null) {
    const u = (
      await db.execute<{ username: string; first_name: string; last_name: string }>(
        sql`SELECT username, first_name, last_name FROM users WHERE account_id = ${device.accountId} AND id = ${d.user_ref_id}`,
      )
    ).rows[0];
    if (u) requester = { kind: 'user', id: d.user_ref_id, name: personName(u), connectionId: null, options: null };
  } else if (d.user_kind && d.user_ref_id !== null) {
    const su = (await server(sql`id = ${d.user_ref_id}`)).rows[0];
    if (su)
      requester = {
        kind: su.type,
        id: su.id,
        name: personName(su),
        connectionId: su.connection_id,
        options: su.options,
      };
  }
  return { name: d.name, settings, requester };
}
