/**
 * POST /api/agent/v1/events: a batch of events, in the order the device sends them. Each is stored
 * by the agent's own event id, once: a copy (a retry after a lost answer) is counted as a duplicate
 * and changes nothing. An alert raised opens one alert per code (raising an open code again updates
 * its text); a clear closes the open alert of that code. A raise older than a clear already received
 * for its code (events arriving out of order) opens nothing. An alert's severity follows its group:
 * critical warnings are critical, the other groups important (docs/decisions/devices.md "Events"). An alert opened or
 * closed writes a timeline line ("<title> (<code>)") in the batch's transaction and moves the device's
 * 'Status updated'; duplicates, raises of an already open code and clears of no open alert do neither.
 */
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { AgentEvent, AgentEventsResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { retriedTransaction } from '../../lib/db-retry.js';
import { deviceAlerts, deviceEvents, devices } from '../../db/schema/index.js';
import { recordTimeline, type TimelineLine } from '../../lib/device-timeline.js';
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

/** Applies one event; answers the timeline line of an alert it opened or closed. */
async function apply(tx: DbOrTx, device: AgentDevice, e: AgentEvent): Promise<TimelineLine | null> {
  const ofCode = and(
    eq(deviceAlerts.accountId, device.accountId),
    eq(deviceAlerts.deviceId, device.id),
    eq(deviceAlerts.code, e.code),
    isNull(deviceAlerts.clearedAt),
  );
  const line = (kind: 'alert_raised' | 'alert_cleared', text: string): TimelineLine => ({
    accountId: device.accountId,
    deviceId: device.id,
    kind,
    text,
    at: at(e.occurred),
  });
  if (e.type === 'alert_cleared') {
    const closed = await tx
      .update(deviceAlerts)
      .set({ clearedAt: at(e.occurred) })
      .where(ofCode)
      .returning({ title: deviceAlerts.title });
    return closed[0] ? line('alert_cleared', `${closed[0].title} (${e.code}) cleared`) : null;
  }
  if (await clearedSince(tx, device, e.code, at(e.occurred))) return null;
  const text = { groupId: e.group_id, title: e.title, description: e.description };
  const [open] = await tx.update(deviceAlerts).set(text).where(ofCode).returning({ id: deviceAlerts.id });
  if (open) return null;
  await tx.insert(deviceAlerts).values({
    ...text,
    accountId: device.accountId,
    deviceId: device.id,
    code: e.code,
    severity: e.group_id === 'critical_warning' ? 'critical' : 'important',
    createdAt: at(e.occurred),
  });
  return line('alert_raised', `${e.title} (${e.code})`);
}

/**
 * An alert opened or closed changes the device's status: 'Status updated' (001 §3 status_updated) moves
 * to the latest such event's time, never back (events arrive out of order) nor past now (a device's
 * clock may run ahead).
 */
async function statusChanged(tx: DbOrTx, device: AgentDevice, lines: readonly TimelineLine[], now: Date) {
  const latest = Math.min(now.getTime(), Math.max(...lines.map((l) => l.at?.getTime() ?? now.getTime())));
  await tx
    .update(devices)
    .set({ statusUpdated: sql`GREATEST(${devices.statusUpdated}, ${new Date(latest).toISOString()}::timestamptz)` })
    .where(and(eq(devices.id, device.id), eq(devices.accountId, device.accountId)));
}

export async function receiveEvents(
  db: DbOrTx,
  device: AgentDevice,
  b: { events: AgentEvent[] },
  now = new Date(),
): Promise<AgentEventsResponse> {
  return retriedTransaction(db, async (tx) => {
    let accepted = 0;
    let duplicates = 0;
    const lines: TimelineLine[] = [];
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
      const line = await apply(tx, device, e);
      if (line) lines.push(line);
    }
    await recordTimeline(tx, ...lines);
    if (lines.length > 0) await statusChanged(tx, device, lines, now);
    return { server_time: Math.floor(now.getTime() / 1000), accepted, duplicates };
  });
}
