/**
 * Commands for a device (docs/design/agent-api.md 'Commands'), shared by the console's devices module
 * (which queues them and lists them) and the device API (which delivers them): queueing with the
 * rule that a newer command supersedes an older open one of the same type, expiry after
 * DEVICE_COMMAND_TTL_HOURS, and the contract's view of a device's newest commands. Every state change
 * is conditional and writes its timeline line in the caller's transaction.
 */
import {
  DEVICE_COMMAND_LABELS,
  DEVICE_COMMAND_TTL_HOURS,
  type DeviceCommand,
  type DeviceCommandType,
} from '@wayguard/contracts';
import { and, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { deviceCommands } from '../../db/schema/index.js';
import { recordTimeline } from './device-timeline.js';

/** States in which a command may still reach the device. */
export const OPEN_COMMAND_STATES = ['pending', 'delivered', 'acknowledged'] as const;
/** How many commands GET /devices/commands shows. */
export const COMMANDS_SHOWN = 20;
/** Advisory lock class for "queueing a command on this device" (the second key is the device id). */
const QUEUE_LOCK_CLASS = 730_001;

export type CommandPayload = Record<string, string | boolean | number>;

export type QueueCommand = {
  accountId: number;
  deviceId: number;
  type: DeviceCommandType;
  payload: CommandPayload;
  createdByName: string;
  now?: Date;
  /** What the timeline calls it (default: the type's label), e.g. 'Install app Khan Academy'. */
  label?: string;
};

/** App commands supersede each other per package: an uninstall cancels an open install of the same app. */
const APP_COMMAND_TYPES: readonly DeviceCommandType[] = ['install_app', 'uninstall_app'];

const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/**
 * Takes the device's queue lock for the rest of the transaction (the lock queueCommand takes): a caller
 * that reads the device's open commands to decide whether to queue one holds it from the read on.
 */
export async function lockDeviceQueue(db: DbOrTx, deviceId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${QUEUE_LOCK_CLASS}::int4, ${deviceId}::int4)`);
}

/**
 * Queues a command: expires the device's due commands, cancels an older open command of the same
 * type (an app's install or uninstall: of the same package) (timeline 'command_cancelled'), inserts the new one (pending, expiring after the TTL) and
 * writes 'command_sent'. Call it inside a transaction: the advisory lock it takes serialises two
 * administrators queueing on the same device, so that exactly one command of a type stays open.
 */
export async function queueCommand(db: DbOrTx, c: QueueCommand): Promise<{ id: number }> {
  const now = c.now ?? new Date();
  await lockDeviceQueue(db, c.deviceId);
  await expireDueCommands(db, c.accountId, c.deviceId, now);
  const label = c.label ?? DEVICE_COMMAND_LABELS[c.type];
  const cancelled = await db
    .update(deviceCommands)
    .set({ state: 'cancelled', finishedAt: now, payload: {} })
    .where(
      and(
        eq(deviceCommands.accountId, c.accountId),
        eq(deviceCommands.deviceId, c.deviceId),
        ...(APP_COMMAND_TYPES.includes(c.type)
          ? [
              inArray(deviceCommands.type, [...APP_COMMAND_TYPES]),
              sql`${deviceCommands.payload}->>'package_name' = ${String(c.payload.package_name ?? '')}`,
            ]
          : [eq(deviceCommands.type, c.type)]),
        inArray(deviceCommands.state, [...OPEN_COMMAND_STATES]),
      ),
    )
    .returning({ id: deviceCommands.id });
  const [created] = await db
    .insert(deviceCommands)
    .values({
      accountId: c.accountId,
      deviceId: c.deviceId,
      type: c.type,
      state: 'pending',
      payload: c.payload,
      createdByName: c.createdByName,
      createdAt: now,
      expiresAt: new Date(now.getTime() + DEVICE_COMMAND_TTL_HOURS * 3_600_000),
    })
    .returning({ id: deviceCommands.id });
  if (!created) throw new Error('Inserting a device command returned no row');
  await recordTimeline(
    db,
    ...cancelled.map(() => ({
      accountId: c.accountId,
      deviceId: c.deviceId,
      kind: 'command_cancelled' as const,
      text: `${label} cancelled: replaced by a newer one`,
      actor: c.createdByName,
      at: now,
    })),
    {
      accountId: c.accountId,
      deviceId: c.deviceId,
      kind: 'command_sent',
      text: `${label} sent`,
      actor: c.createdByName,
      at: now,
    },
  );
  return { id: created.id };
}

/**
 * Open commands whose expires_at has passed become 'expired' (finished at their expiry time, payload
 * emptied so that no password stays stored), each with a 'command_expired' timeline line.
 */
export async function expireDueCommands(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  now: Date = new Date(),
): Promise<void> {
  const expired = await db
    .update(deviceCommands)
    .set({ state: 'expired', finishedAt: sql`${deviceCommands.expiresAt}`, payload: {} })
    .where(
      and(
        eq(deviceCommands.accountId, accountId),
        eq(deviceCommands.deviceId, deviceId),
        inArray(deviceCommands.state, [...OPEN_COMMAND_STATES]),
        lte(deviceCommands.expiresAt, now),
      ),
    )
    .returning({ id: deviceCommands.id, type: deviceCommands.type, expiresAt: deviceCommands.expiresAt });
  await recordTimeline(
    db,
    ...expired
      .sort((a, b) => a.id - b.id)
      .map((row) => ({
        accountId,
        deviceId,
        kind: 'command_expired' as const,
        text: `${DEVICE_COMMAND_LABELS[row.type]} expired: the device did not complete it in time`,
        at: row.expiresAt,
      })),
  );
}

/** The device's newest commands (at most COMMANDS_SHOWN), newest first, after expiring due ones. */
export async function listCommands(
  db: DbOrTx,
  accountId: number,
  deviceId: number,
  now: Date = new Date(),
): Promise<DeviceCommand[]> {
  await expireDueCommands(db, accountId, deviceId, now);
  const rows = await db
    .select({
      id: deviceCommands.id,
      type: deviceCommands.type,
      state: deviceCommands.state,
      createdByName: deviceCommands.createdByName,
      createdAt: deviceCommands.createdAt,
      deliveredAt: deviceCommands.deliveredAt,
      acknowledgedAt: deviceCommands.acknowledgedAt,
      finishedAt: deviceCommands.finishedAt,
      expiresAt: deviceCommands.expiresAt,
      error: deviceCommands.error,
    })
    .from(deviceCommands)
    .where(and(eq(deviceCommands.accountId, accountId), eq(deviceCommands.deviceId, deviceId)))
    .orderBy(desc(deviceCommands.id))
    .limit(COMMANDS_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    state: r.state,
    created_by: r.createdByName,
    created: unix(r.createdAt),
    delivered: unix(r.deliveredAt),
    acknowledged: unix(r.acknowledgedAt),
    finished: unix(r.finishedAt),
    expires: unix(r.expiresAt),
    error: r.error,
  }));
}
