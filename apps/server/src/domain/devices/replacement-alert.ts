/**
 * The critical alert of a replacement awaiting a Console Admin (issue 25): one open alert of
 * REPLACEMENT_ALERT_CODE per device while a replacement is pending (a newer one updates its text), closed
 * when an administrator decides or the device is retired. Its code is outside the codes devices report,
 * so no device raises or clears it; the open-alert counters (devices list, dashboard) follow it through
 * the device_alerts trigger.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { DEVICE_IDENTITY_MSG, REPLACEMENT_ALERT_CODE } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { deviceAlerts } from '../../db/schema/index.js';

const openOf = (accountId: number, deviceId: number) =>
  and(
    eq(deviceAlerts.accountId, accountId),
    eq(deviceAlerts.deviceId, deviceId),
    eq(deviceAlerts.code, REPLACEMENT_ALERT_CODE),
    isNull(deviceAlerts.clearedAt),
  );

export async function raiseReplacementAlert(
  tx: DbOrTx,
  o: { accountId: number; deviceId: number; description: string; now: Date },
): Promise<void> {
  const text = { title: DEVICE_IDENTITY_MSG.replacementAlertTitle, description: o.description };
  const [open] = await tx
    .update(deviceAlerts)
    .set(text)
    .where(openOf(o.accountId, o.deviceId))
    .returning({ id: deviceAlerts.id });
  if (open) return;
  await tx.insert(deviceAlerts).values({
    ...text,
    accountId: o.accountId,
    deviceId: o.deviceId,
    code: REPLACEMENT_ALERT_CODE,
    groupId: 'critical_warning',
    severity: 'critical',
    createdAt: o.now,
  });
}

export async function clearReplacementAlert(tx: DbOrTx, accountId: number, deviceId: number, now: Date): Promise<void> {
  await tx.update(deviceAlerts).set({ clearedAt: now }).where(openOf(accountId, deviceId));
}
