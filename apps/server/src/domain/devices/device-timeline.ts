/**
 * The device timeline (ours; GET /devices/timeline): one line per thing that happened to a device,
 * written by the console's and the device API's services in the same transaction as the change, so a
 * line exists exactly when its change does.
 */
import type { DeviceTimelineKind } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceTimeline } from '../../db/schema/index.js';

export type TimelineLine = {
  accountId: number;
  deviceId: number;
  kind: DeviceTimelineKind;
  text: string;
  /** An administrator's username; omitted for the device itself. */
  actor?: string;
  at?: Date;
};

export async function recordTimeline(db: DbOrTx, ...lines: TimelineLine[]): Promise<void> {
  if (lines.length === 0) return;
  await db.insert(deviceTimeline).values(
    lines.map((l) => ({
      accountId: l.accountId,
      deviceId: l.deviceId,
      kind: l.kind,
      text: l.text,
      actor: l.actor ?? '',
      ...(l.at ? { at: l.at } : {}),
    })),
  );
}
