/**
 * Where an approval's impact preview puts its allow (issue 26: every approval scope has a preview), as
 * the approval itself does (modules/requests/service.ts approvalTargets): the devices that asked a
 * thread ('Allow for this device'), the users who asked ('This user' / 'these users'), or chosen devices
 * ('Approve for selected devices', 'Allow for other selected devices'). Every row is the account's
 * (the statements: sql/impact.ts).
 */
import { WEB_ACCESS_MSG, type RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { notInAccount } from '../../lib/http-errors.js';
import { devicesBySerial, requesterDevices, requesterUsers } from './sql/impact.js';

/** The devices that asked the threads. */
export async function requestersDeviceScopes(
  db: DbOrTx,
  accountId: number,
  requestIds: readonly number[],
): Promise<RuleScope[]> {
  const rows = await requesterDevices(db, accountId, requestIds);
  return rows.map((d) => ({ kind: 'device', id: d.id, name: d.name }));
}

const USER_KIND = { user: 'console', server_user: 'server', local_user: 'local' } as const;

/** The users (console, server or local) who asked the threads. */
export async function requestersUserScopes(
  db: DbOrTx,
  accountId: number,
  requestIds: readonly number[],
): Promise<RuleScope[]> {
  const rows = await requesterUsers(db, accountId, requestIds);
  return rows.map((u) => ({ kind: 'user', user_kind: USER_KIND[u.kind], id: u.id, name: u.name }));
}

/** Chosen devices by (serial, kind); 404 when one is not the account's. */
export async function chosenDeviceScopes(
  db: DbOrTx,
  accountId: number,
  given: readonly { id: string; type: 'machine' | 'mobile' }[],
): Promise<RuleScope[]> {
  const rows = await devicesBySerial(db, accountId, given);
  const found = new Set(rows.map((d) => `${d.kind}:${d.serial}`));
  const missing = given.find((g) => !found.has(`${g.type}:${g.id}`));
  if (missing) throw notInAccount('device', missing.id, WEB_ACCESS_MSG.devicesNotFound);
  return [...new Map(rows.map((d) => [d.id, { kind: 'device' as const, id: d.id, name: d.name }])).values()];
}
