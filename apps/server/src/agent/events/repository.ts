/**
 * The device API's event queries (POST /events): each event stored once by the agent's own id, the
 * device's open alert of a code (raised, updated, cleared), and the device's 'Status updated'.
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { AgentEvent } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceAlerts, deviceEvents, devices } from '../../db/schema/index.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';

/** Stores the event once; false when the device sent it before (a retry after a lost answer). */
export async function storeEvent(tx: DbOrTx, device: AgentDevice, e: AgentEvent, occurredAt: Date): Promise<boolean> {
  const [stored] = await tx
    .insert(deviceEvents)
    .values({
      accountId: device.accountId,
      deviceId: device.id,
      eventId: e.event_id,
      type: e.type,
      occurredAt,
      payload: e,
    })
    .onConflictDoNothing()
    .returning({ id: deviceEvents.id });
  return stored !== undefined;
}

/** Whether the device sent a clear of the code at or after `since`. */
export async function clearedSince(tx: DbOrTx, device: AgentDevice, code: number, since: Date): Promise<boolean> {
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

const openOfCode = (device: AgentDevice, code: number) =>
  and(
    eq(deviceAlerts.accountId, device.accountId),
    eq(deviceAlerts.deviceId, device.id),
    eq(deviceAlerts.code, code),
    isNull(deviceAlerts.clearedAt),
  );

/** Closes the device's open alert of the code; answers its title, or null when none was open. */
export async function closeAlert(tx: DbOrTx, device: AgentDevice, code: number, at: Date): Promise<string | null> {
  const closed = await tx
    .update(deviceAlerts)
    .set({ clearedAt: at })
    .where(openOfCode(device, code))
    .returning({ title: deviceAlerts.title });
  return closed[0]?.title ?? null;
}

export type AlertText = { groupId: (typeof deviceAlerts.$inferInsert)['groupId']; title: string; description: string };

/** Updates the text of the device's open alert of the code; false when none is open. */
export async function updateOpenAlert(tx: DbOrTx, device: AgentDevice, code: number, text: AlertText) {
  const [open] = await tx
    .update(deviceAlerts)
    .set(text)
    .where(openOfCode(device, code))
    .returning({ id: deviceAlerts.id });
  return open !== undefined;
}

export async function insertAlert(
  tx: DbOrTx,
  device: AgentDevice,
  a: AlertText & { code: number; severity: 'critical' | 'important'; createdAt: Date },
): Promise<void> {
  await tx.insert(deviceAlerts).values({ ...a, accountId: device.accountId, deviceId: device.id });
}

/** Moves the device's 'Status updated' to `at`, never back. */
export async function moveStatusUpdated(tx: DbOrTx, device: AgentDevice, at: Date): Promise<void> {
  await tx
    .update(devices)
    .set({ statusUpdated: sql`GREATEST(${devices.statusUpdated}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(devices.id, device.id), eq(devices.accountId, device.accountId)));
}
