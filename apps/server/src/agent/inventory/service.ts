/**
 * PUT /api/agent/v1/inventory: the device's whole snapshot of details (001 §3). The snapshot replaces
 * the stored one (never merged), so sending it again changes nothing; the common fields it carries
 * (OS, versions, model, licence key, last update) update the device row. A mobile's installed apps
 * (mobile.apps, issue 12) are kept in device_apps (lib/apps/installed.ts), not in the details; its linked
 * console user (mobile.user_name) lends it to the user (lib/mobile-user.ts), not kept in the details either.
 */
import { and, eq } from 'drizzle-orm';
import { AGENT_INVENTORY_MSG, type AgentInventory } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { devices } from '../../db/schema/index.js';
import { replaceInstalledApps } from '../../lib/apps/installed.js';
import { badRequest } from '../../lib/http-errors.js';
import { lendMobile } from '../../lib/mobile-user.js';
import type { AgentDevice } from '../../types.js';

export async function putInventory(db: DbOrTx, device: AgentDevice, b: AgentInventory, now = new Date()) {
  const other = device.kind === 'machine' ? 'mobile' : 'machine';
  const details = device.kind === 'machine' ? b.machine : b.mobile;
  if (b[other] !== undefined || details === undefined) throw badRequest(AGENT_INVENTORY_MSG.wrongKind(device.kind));
  const { apps, user_name, ...kept } = details as typeof details & {
    apps?: Parameters<typeof replaceInstalledApps>[3];
    user_name?: string;
  };
  if (apps !== undefined) await replaceInstalledApps(db, device.accountId, device.id, apps, now);
  // The mobile's link to a console user (after its installed apps, which the apps it gets then skip).
  if (user_name !== undefined)
    await lendMobile(db, { accountId: device.accountId, deviceId: device.id, username: user_name, now });
  await db
    .update(devices)
    .set({
      details: kept,
      detailsUpdated: now,
      ...(b.os !== undefined ? { os: b.os } : {}),
      ...(b.os_version !== undefined ? { osVersion: b.os_version } : {}),
      ...(b.os_build_version !== undefined ? { osBuildVersion: b.os_build_version } : {}),
      ...(b.model !== undefined ? { modelName: b.model } : {}),
      ...(b.license_key !== undefined ? { licenseKey: b.license_key } : {}),
      ...(b.update_installed ? { updateInstalled: new Date(b.update_installed * 1000) } : {}),
    })
    .where(and(eq(devices.id, device.id), eq(devices.accountId, device.accountId)));
  return { server_time: Math.floor(now.getTime() / 1000), details_updated: Math.floor(now.getTime() / 1000) };
}
