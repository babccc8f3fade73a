/** Who asks on a device (POST /api/agent/v1/requests): the named server or local user, or the device's own user. */
import { personName, type AgentRequest, type ServerUserOptions } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { RequesterKind } from '../../domain/requests/threads.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { deviceGone } from '../../domain/devices/agent-devices.js';
import { askingDevice, consoleUserName, serverUserById, serverUserNamed, type AskingServerUser } from './repository.js';

export type Requester = {
  kind: RequesterKind | null;
  id: number | null;
  name: string;
  connectionId: number | null;
  options: ServerUserOptions | null;
};

const serverRequester = (su: AskingServerUser): Requester => ({
  kind: su.type,
  id: su.id,
  name: personName(su),
  connectionId: su.connection_id,
  options: su.options,
});

/** The device's name and settings, and who asks: the named user, or the device's own user. */
export async function context(db: DbOrTx, device: AgentDevice, user: AgentRequest['user']) {
  const d = await askingDevice(db, device);
  if (!d) throw deviceGone(device.id);
  const settings = new Map((d.settings ?? []).map((s) => [s.key, s.value]));
  let requester: Requester = { kind: null, id: null, name: '', connectionId: null, options: null };
  if (user) {
    const su = await serverUserNamed(db, device.accountId, user.kind, user.username);
    requester = su
      ? serverRequester(su)
      : { kind: user.kind, id: null, name: personName(user), connectionId: null, options: null };
  } else if (d.user_kind === 'user' && d.user_ref_id !== null) {
    const u = await consoleUserName(db, device.accountId, d.user_ref_id);
    if (u) requester = { kind: 'user', id: d.user_ref_id, name: personName(u), connectionId: null, options: null };
  } else if (d.user_kind && d.user_ref_id !== null) {
    const su = await serverUserById(db, device.accountId, d.user_ref_id);
    if (su) requester = serverRequester(su);
  }
  return { name: d.name, settings, requester };
}
