/**
 * PUT /api/agent/v1/inventory: the device's whole snapshot of details (001 §3). The snapshot replaces
 * the stored one (never merged), so sending it again changes nothing; the common fields it carries
 * (OS, versions, model, licence key, last update) update the device row. A mobile's installed apps
 * (mobile.apps, issue 12) are kept in device_apps (domain/apps/installed.ts), not in the details. The
 * console user it names (mobile.user_name) is ignored: a device never chooses its console user (issue
 * 25; domain/devices/mobile-user.ts), and the details page shows the user the console linked. A machine's
 * safe-search user (001 §3) is matched by username and type among the account's server and local
 * users, as check-ins match users, and kept with its id (`safe_search_user_id`) for the details page:
 * information only, it links nothing (issue 26).
 */
import { AGENT_INVENTORY_MSG, type AgentInventory, type MachineInventory } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { replaceInstalledApps } from '../../domain/apps/installed.js';
import { badRequest } from '../../lib/http-errors.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { serverUserId, updateDeviceDetails } from './repository.js';

/** The account's server or local user the machine names as its safe-search user; null when none or unknown. */
async function safeSearchUserId(db: DbOrTx, accountId: number, m: MachineInventory): Promise<number | null> {
  if (!m.safe_search_user || !m.safe_search_user_type) return null;
  return serverUserId(db, accountId, m.safe_search_user, m.safe_search_user_type);
}

export async function putInventory(db: DbOrTx, device: AgentDevice, b: AgentInventory, now = new Date()) {
  const other = device.kind === 'machine' ? 'mobile' : 'machine';
  const details = device.kind === 'machine' ? b.machine : b.mobile;
  if (b[other] !== undefined || details === undefined) throw badRequest(AGENT_INVENTORY_MSG.wrongKind(device.kind));
  // user_name: reported, never a link (issue 25); not kept in the details either.
  const {
    apps,
    user_name: _reportedUser,
    ...kept
  } = details as typeof details & {
    apps?: Parameters<typeof replaceInstalledApps>[3];
    user_name?: string;
  };
  if (apps !== undefined) await replaceInstalledApps(db, device.accountId, device.id, apps, now);
  const stored =
    device.kind === 'machine'
      ? { ...kept, safe_search_user_id: await safeSearchUserId(db, device.accountId, kept as MachineInventory) }
      : kept;
  await updateDeviceDetails(db, device, {
    details: stored,
    detailsUpdated: now,
    ...(b.os !== undefined ? { os: b.os } : {}),
    ...(b.os_version !== undefined ? { osVersion: b.os_version } : {}),
    ...(b.os_build_version !== undefined ? { osBuildVersion: b.os_build_version } : {}),
    ...(b.model !== undefined ? { modelName: b.model } : {}),
    ...(b.license_key !== undefined ? { licenseKey: b.license_key } : {}),
    ...(b.update_installed ? { updateInstalled: new Date(b.update_installed * 1000) } : {}),
  });
  return { server_time: Math.floor(now.getTime() / 1000), details_updated: Math.floor(now.getTime() / 1000) };
}
