/**
 * Server/domain users and local Windows users of the session's account (000 §3.5, 002 §2.8, §2.10):
 * details, delete/undelete (a deleted user is status deactivated, shown as Deleted) and options
 * (Console Admins: the routes declare it).
 * Scoped by account: another account's id reads as "Not found".
 */
import {
  SERVER_USER_MSG,
  SERVER_USER_OPTION_KEYS,
  SERVER_USER_OPTION_PERMISSION,
  type ServerUserActionRequest,
  type ServerUserDetails,
  type ServerUserOptions,
  type ServerUserOptionsRequest,
} from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { badRequest, forbidden, notInAccount } from '../../lib/http-errors.js';
import { markPoliciesStale } from '../../domain/web-access/rule-writer.js';
import { audit } from '../../domain/access/audit.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { accountPermissions } from '../../domain/users/account-permissions.js';
import { devicesOfUser } from '../../domain/users/devices-of-user.js';
import {
  changeServerUserStatus,
  findServerUser,
  lockServerUser,
  patchServerUserOptions,
  serverUserWithConnection,
} from './repository.js';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** GET /server_users/details. */
export async function serverUserDetails(db: Db, s: Actor, id: number): Promise<ServerUserDetails> {
  const row = await serverUserWithConnection(db, s.accountId, id);
  if (!row) throw notInAccount('server_user', id);
  const u = row.u;
  const devs = await devicesOfUser(db, s.accountId, u.type, u.id);
  return {
    id: u.id,
    username: u.username,
    first_name: u.firstName,
    last_name: u.lastName,
    type: u.type,
    status: u.status,
    date_created: seconds(u.createdAt),
    last_active: seconds(u.lastActive),
    connection: row.connection,
    connection_type: row.connectionType,
    last_sync: seconds(row.lastSync),
    devices: devs,
    // Exactly the seven keys, whatever else the stored JSON holds.
    options: Object.fromEntries(SERVER_USER_OPTION_KEYS.map((k) => [k, u.options[k] === true])) as ServerUserOptions,
  };
}

/** POST /server_users/server_user: delete (status deactivated) or undelete (activated). Console Admin only. */
export async function serverUserAction(db: Db, s: Actor, b: ServerUserActionRequest): Promise<void> {
  const [from, to] =
    b.action === 'delete' ? (['activated', 'deactivated'] as const) : (['deactivated', 'activated'] as const);
  await db.transaction(async (tx) => {
    if (!(await changeServerUserStatus(tx, s.accountId, b.id, from, to))) {
      if (!(await findServerUser(tx, s.accountId, b.id))) throw notInAccount('server_user', b.id);
      throw badRequest(b.action === 'delete' ? SERVER_USER_MSG.alreadyDeleted : SERVER_USER_MSG.notDeleted);
    }
    await audit(tx, {
      action: b.action === 'delete' ? 'server_user.deleted' : 'server_user.undeleted',
      ...byActor(s),
      targetType: 'server_user',
      targetId: b.id,
    });
  });
}

/**
 * POST /server_users/options: the client sends the id and all seven options, one changed (002 §7). More than one
 * difference from the stored options means the client's copy is stale (another admin changed one
 * meanwhile): refused rather than silently undoing that change. The changed option needs its account
 * permission (002 §2.10). Sending the stored options unchanged is a no-op.
 */
export async function setServerUserOptions(db: Db, s: Actor, b: ServerUserOptionsRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const u = await lockServerUser(tx, s.accountId, b.id);
    if (!u) throw notInAccount('server_user', b.id);
    if (u.status === 'deactivated') throw badRequest(SERVER_USER_MSG.deletedCannotChange);
    const changed = SERVER_USER_OPTION_KEYS.filter((k) => (u.options[k] === true) !== b[k]);
    if (changed.length === 0) return;
    if (changed.length > 1) throw badRequest(SERVER_USER_MSG.optionsChangedMeanwhile);
    const permissions = await accountPermissions(tx, s.accountId);
    if (changed.some((k) => permissions?.[SERVER_USER_OPTION_PERMISSION[k]] !== true))
      throw forbidden(SERVER_USER_MSG.optionNotPermitted);
    const patch = Object.fromEntries(changed.map((k) => [k, b[k]]));
    await patchServerUserOptions(tx, s.accountId, b.id, patch);
    // The options are in the compiled policy of the user's devices (requests, social sites).
    await markPoliciesStale(tx, s.accountId, {
      kind: 'user',
      user_kind: u.type === 'local_user' ? 'local' : 'server',
      id: u.id,
    });
    await audit(tx, {
      action: 'server_user.options_changed',
      ...byActor(s),
      targetType: 'server_user',
      targetId: b.id,
      details: patch,
    });
  });
}
