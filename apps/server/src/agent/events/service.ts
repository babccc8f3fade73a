/**
 * POST /api/agent/v1/events: a batch of events, in the order the device sends them. Each is stored
 * by the agent's own event id, once: a copy (a retry after a lost answer) is counted as a duplicate
 * and changes nothing. An alert raised opens one alert per code (raising an open code again updates
 * its text); a clear closes the open alert of that code. A raise older than a clear already received
 * for its code (events arriving out of order) opens nothing. An alert's severity follows its group:
 * critical warnings are critical, the other groups important (docs/decisions.md).
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { AgentEvent, AgentEventsResponse } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { deviceAlerts, deviceEvents } from '../../db/schema/index.js';
import type { AgentDevice } from '../../types.js';

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);

async function clearedSince(tx: DbOrTx, device: AgentDevice, code: number, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: deviceEvents.id })
    .from(deviceEvents)
    .where(
      and(
        eq(deviceEvents.accountId, device.accountId),
        eq(deviceEvents.deviceId, device.id),
        eq(deviceEvents.type, 'alert_cleared'),
        sql`(${deviceEvents.payload}->>'code')::int = ${code}`,
        gte(deviceEvents.occurredAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

async function apply(tx: DbOrTx, device: AgentDevice, e: AgentEvent): Promise<void> {
  const ofCode = and(
    eq(deviceAlerts.accountId, device.accountId),
    eq(deviceAlerts.deviceId, device.id),
    eq(deviceAlerts.code, e.code),
    isNull(deviceAlerts.clearedAt),
  );
  if (e.type === 'alert_cleared') {
    await tx
      .update(deviceAlerts)
      .set({ clearedAt: at(e.occurred) })
      .where(ofCode);
    return;
  }
  if (await clearedSince(tx, device, e.code, at(e.occurred))) return;
  const text = { groupId: e.group_id, title: e.title, description: e.description };
  const [open] = await tx.update(deviceAlerts).set(text).where(ofCode).returning({ id: deviceAlerts.id });
  if (open) return;
  await tx.insert(deviceAlerts).values({
    ...text,
    accountId: device.accountId,
    deviceId: device.id,
    code: e.code,
    severity: e.group_id === 'critical_warning' ? 'critical' : 'important',
    createdAt: at(e.occurred),
  });
}

export async function receiveEvents(
  db: Db,
  device: AgentDevice,
  b: { events: AgentEvent[] },
  now = new Date(),
): Promise<AgentEventsResponse> {
  return db.transaction(async (tx) => {
    let accepted = 0;
    let duplicates = 0;
    for (const e of b.events) {
      const [stored] = await tx
        .insert(deviceEvents)
        .values({
          accountId: device.accountId,
          deviceId: device.id,
          eventId: e.event_id,
          type: e.type,
          occurredAt: at(e.occurred),
          payload: e,
        })
        .onConflictDoNothing()
        .returning({ id: deviceEvents.id });
      if (!stored) {
        duplicates += 1;
        continue;
      }
      accepted += 1;
      await apply(tx, device, e);
    }
    return { server_time: Math.floor(now.getTime() / 1000), accepted, duplicates };
  });
}
