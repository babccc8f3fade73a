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
import type { AgentEvent, AgentEventsResponse } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { retriedTransaction } from '../../lib/db-retry.js';
import { recordTimeline, type TimelineLine } from '../../domain/devices/device-timeline.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { clearedSince, closeAlert, insertAlert, moveStatusUpdated, storeEvent, updateOpenAlert } from './repository.js';

const at = (epochSeconds: number) => new Date(epochSeconds * 1000);

/** Applies one event; answers the timeline line of an alert it opened or closed. */
async function apply(tx: DbOrTx, device: AgentDevice, e: AgentEvent): Promise<TimelineLine | null> {
  const line = (kind: 'alert_raised' | 'alert_cleared', text: string): TimelineLine => ({
    accountId: device.accountId,
    deviceId: device.id,
    kind,
    text,
    at: at(e.occurred),
  });
  if (e.type === 'alert_cleared') {
    const title = await closeAlert(tx, device, e.code, at(e.occurred));
    return title !== null ? line('alert_cleared', `${title} (${e.code}) cleared`) : null;
  }
  if (await clearedSince(tx, device, e.code, at(e.occurred))) return null;
  const text = { groupId: e.group_id, title: e.title, description: e.description };
  if (await updateOpenAlert(tx, device, e.code, text)) return null;
  await insertAlert(tx, device, {
    ...text,
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
  await moveStatusUpdated(tx, device, new Date(latest));
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
      const stored = await storeEvent(tx, device, e, at(e.occurred));
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
