/**
 * POST /api/agent/v1/checkin: the device's heartbeat. Records when it was last online and the
 * versions it reports. Check-ins carry a growing sequence number; one that arrives after a newer one
 * (a retry, a slow network) changes nothing: the update is conditional on the number.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { AgentCheckinRequest, AgentCheckinResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import type { AgentDevice } from '../../types.js';

export async function checkin(
  db: Db,
  device: AgentDevice,
  b: AgentCheckinRequest,
  now = new Date(),
): Promise<AgentCheckinResponse> {
  const [row] = await db
    .update(devices)
    .set({
      lastCheckinSeq: b.seq,
      lastOnline: now,
      ...(b.agent_version !== undefined ? { agentVersion: b.agent_version } : {}),
      ...(b.os_version !== undefined ? { osVersion: b.os_version } : {}),
    })
    .where(and(eq(devices.id, device.id), eq(devices.accountId, device.accountId), lt(devices.lastCheckinSeq, b.seq)))
    .returning({ interval: devices.checkinIntervalS });
  let interval = row?.interval;
  if (interval === undefined) {
    const [current] = await db
      .select({ interval: devices.checkinIntervalS })
      .from(devices)
      .where(and(eq(devices.id, device.id), eq(devices.accountId, device.accountId)));
    interval = current?.interval ?? 300;
  }
  return { server_time: Math.floor(now.getTime() / 1000), checkin_interval_s: interval, applied: row !== undefined };
}
