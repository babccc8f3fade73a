/**
 * The devices a console, server or local user has been seen on (device_users), as the details pages
 * list them: serial, name and kind, by name. Read by GET /users/details and GET /server_users/details.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { devices, deviceUsers } from '../../db/schema/index.js';

export type UserKindOnDevice = (typeof deviceUsers.$inferSelect)['userKind'];
export type DeviceOfUser = { id: string; name: string; type: (typeof devices.$inferSelect)['kind'] };

export function devicesOfUser(
  db: DbOrTx,
  accountId: number,
  userKind: UserKindOnDevice,
  userId: number,
): Promise<DeviceOfUser[]> {
  return db
    .select({ id: devices.serial, name: devices.name, type: devices.kind })
    .from(deviceUsers)
    .innerJoin(devices, and(eq(devices.id, deviceUsers.deviceId), eq(devices.accountId, deviceUsers.accountId)))
    .where(
      and(eq(deviceUsers.accountId, accountId), eq(deviceUsers.userKind, userKind), eq(deviceUsers.userRefId, userId)),
    )
    .orderBy(asc(devices.name), asc(devices.id));
}
