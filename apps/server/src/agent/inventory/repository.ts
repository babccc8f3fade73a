/** The device API's inventory queries (PUT /inventory): the safe-search user's id, the device's details. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { devices, serverUsers } from '../../db/schema/index.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';

/** The account's server or local user of this username and type; null when unknown. */
export async function serverUserId(
  db: DbOrTx,
  accountId: number,
  username: string,
  type: 'server_user' | 'local_user',
): Promise<number | null> {
  const [u] = await db
    .select({ id: serverUsers.id })
    .from(serverUsers)
    .where(and(eq(serverUsers.accountId, accountId), eq(serverUsers.username, username), eq(serverUsers.type, type)))
    .limit(1);
  return u?.id ?? null;
}

export type DeviceDetailsUpdate = Pick<
  typeof devices.$inferInsert,
  'details' | 'detailsUpdated' | 'os' | 'osVersion' | 'osBuildVersion' | 'modelName' | 'licenseKey' | 'updateInstalled'
>;

/** Writes the device's details and the common fields the inventory carries. */
export async function updateDeviceDetails(db: DbOrTx, device: AgentDevice, set: DeviceDetailsUpdate): Promise<void> {
  await db
    .update(devices)
    .set(set)
    .where(and(eq(devices.id, device.id), eq(devices.accountId, device.accountId)));
}
