/**
 * Retiring a device (issue 25, docs/decisions/devices.md "Device identity (issue 25)"): the row stays, marked
 * deactivated (the devices list leaves it out by default and shows it as deactivated; its page and history stay
 * readable), its secret is refused with 401 'device_retired' in every process from the commit on (a forget broadcast,
 * domain/devices/agent-devices.ts), its open commands expire (their payloads emptied) and a pending replacement is refused. Used
 * by the device page's Retire action and by revoking an enrolment token with "retire its devices".
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEVICE_COMMAND_LABELS } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceCommands, deviceReplacements, devices } from '../../db/schema/index.js';
import { broadcastDeviceChange } from './agent-devices.js';
import { byActor, type Actor } from '../access/actor.js';
import { audit } from '../access/audit.js';
import { OPEN_COMMAND_STATES } from './device-commands.js';
import { recordTimeline } from './device-timeline.js';
import { clearReplacementAlert } from './replacement-alert.js';

/** Retires one device not retired yet; false when it already was (of two administrators, one wins). */
export async function retireDevice(tx: DbOrTx, a: Actor, deviceId: number, why: string, now: Date): Promise<boolean> {
  const by = { accountId: a.accountId, name: a.name, now };
  const [row] = await tx
    .update(devices)
    .set({ deactivatedDate: by.now })
    .where(and(eq(devices.id, deviceId), eq(devices.accountId, by.accountId), isNull(devices.deactivatedDate)))
    .returning({ id: devices.id, serial: devices.serial, kind: devices.kind });
  if (!row) return false;
  const expired = await tx
    .update(deviceCommands)
    .set({ state: 'expired', finishedAt: by.now, payload: {} })
    .where(
      and(
        eq(deviceCommands.accountId, by.accountId),
        eq(deviceCommands.deviceId, deviceId),
        inArray(deviceCommands.state, [...OPEN_COMMAND_STATES]),
      ),
    )
    .returning({ id: deviceCommands.id, type: deviceCommands.type });
  const refused = await tx
    .update(deviceReplacements)
    .set({ state: 'refused', decidedAt: by.now, decidedByName: by.name })
    .where(
      and(
        eq(deviceReplacements.accountId, by.accountId),
        eq(deviceReplacements.deviceId, deviceId),
        eq(deviceReplacements.state, 'pending'),
      ),
    )
    .returning({ claimHash: deviceReplacements.claimHash });
  await clearReplacementAlert(tx, by.accountId, deviceId, by.now);
  await recordTimeline(
    tx,
    ...expired
      .sort((a, b) => a.id - b.id)
      .map((c) => ({
        accountId: by.accountId,
        deviceId,
        kind: 'command_expired' as const,
        text: `${DEVICE_COMMAND_LABELS[c.type]} expired: the device was retired`,
        at: by.now,
      })),
    { accountId: by.accountId, deviceId, kind: 'retired', text: `Retired: ${why}`, actor: by.name, at: by.now },
  );
  await audit(tx, {
    action: 'device.retired',
    ...byActor(a),
    targetType: 'device',
    targetId: deviceId,
    details: { serial: row.serial, kind: row.kind, why, commands_expired: expired.length },
  });
  await broadcastDeviceChange(tx, deviceId, ...refused.map((r) => r.claimHash));
  return true;
}

/** The devices an enrolment token enrolled that are not retired yet, locked for retiring. */
export async function devicesEnrolledWith(tx: DbOrTx, accountId: number, tokenId: number): Promise<number[]> {
  const r = await tx.execute<{ id: number }>(sql`SELECT id FROM devices
    WHERE account_id = ${accountId} AND enrolment_token_id = ${tokenId} AND deactivated_date IS NULL
    ORDER BY id FOR UPDATE`);
  return r.rows.map((x) => x.id);
}
