/**
 * The demo's devices, made through the device API's own services (enrolment, inventory, events,
 * check-in, commands), as real agents would make them: the same serials, names, users, alerts and
 * settings every time. What the device API has no call for, because an administrator or the billing
 * system sets it (the product version and licence shown, billing flags, the main user shown in the
 * list, console-user links, deactivation, a device enrolled but never seen since), is set by a plain
 * update after enrolment (docs/decisions/devices.md "The demo's devices come through the device API's services").
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { AgentEvent, AgentInventory, AlertGroup } from '@wayguard/contracts';
import type { DbOrTx } from '../db/client.js';
import { deviceConfigs, devices, deviceUsers } from '../db/schema/index.js';
import { queueCommand } from '../domain/devices/device-commands.js';
import type { AgentDevice } from '../domain/devices/agent-device.js';
import { checkin } from '../agent/checkin/service.js';
import { commandResult, deliverCommands } from '../agent/commands/service.js';
import { enrol } from '../agent/enrolment/service.js';
import { receiveEvents } from '../agent/events/service.js';
import { putInventory } from '../agent/inventory/service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GB = 1_000_000_000;

type Account = { id: number; name: string };
type Person = { id: number; username: string; type: 'server_user' | 'local_user' };

export type DemoDevicesInput = {
  now: Date;
  secretKey: string;
  northfield: Account;
  riverside: Account;
  /** Enrolment token secrets: the lab image's (machines), staff laptops' (tablets), the family's. */
  tokens: { labImage: string; staffLaptops: string; familyPhones: string };
  /** Northfield's domain users, pupils first (machine i is used by pupils[i % 7]). */
  pupils: Person[];
  /** The console user the tablets belong to. */
  teacherId: number;
};

type Made = AgentDevice & { serial: string; name: string };

type Plan = {
  account: Account;
  token: string;
  kind: 'machine' | 'mobile';
  serial: string;
  name: string;
  os: string;
  osVersion: string;
  osBuild?: string;
  model: string;
  version: string;
  licenseKey?: string;
  registered: Date;
  /** null: enrolled, never seen since. */
  lastOnline: Date | null;
  inventory: AgentInventory;
};

const mac = (n: number, last: number) =>
  `00:1A:2B:${String(40 + (n % 50)).padStart(2, '0')}:${String(n % 100).padStart(2, '0')}:${String(last).padStart(2, '0')}`;

/** A machine's details; `safeSearch`: the user signed in whose safe-search settings apply (001 §3). */
function machineInventory(n: number, name: string, at: Date, domain: string, safeSearch?: Person): AgentInventory {
  return {
    machine: {
      manufacturer_serial: `DL3440-${String(7100 + n)}`,
      warranty_type: '',
      warranty_period: '',
      dispatch_date: 0,
      language: 'en-GB',
      windows_product_keys: [
        { product: 'Windows 11 Education', key: `NW6C2-QMPVW-D7KKK-3GKT6-${String(10000 + n * 37).slice(-5)}` },
      ],
      office_product_keys:
        n % 3 === 0
          ? [
              {
                product: 'Microsoft 365 Apps for enterprise',
                key: `FXYTK-NJJ8C-GB6DW-3DYQT-${String(20000 + n * 53).slice(-5)}`,
              },
            ]
          : [],
      hard_drives: [
        { name: 'C:', interface_type: 'NVMe', media_type: 'SSD', model: 'Samsung PM9B1', capacity: 256 * GB },
        ...(n % 4 === 1
          ? [{ name: 'D:', interface_type: 'USB', media_type: 'HDD', model: 'WD Elements', capacity: 1000 * GB }]
          : []),
      ],
      graphics_cards: [{ name: 'Intel Iris Xe Graphics', memory: 128 * 1_048_576 }],
      processor: n % 2 === 0 ? 'Intel Core i5-1335U' : 'Intel Core i5-1345U',
      uuid: `4C4C4544-0042-3010-8052-${String(0xb7c04f4b4e00 + n).padStart(12, '0')}`,
      network_adapters: [
        { name: 'Intel Ethernet Connection I219-LM', mac_address: mac(n, 1), ip_address: `10.12.0.${20 + n}` },
        { name: 'Intel Wi-Fi 6E AX211', mac_address: mac(n, 2), ip_address: '' },
      ],
      networking_name: name,
      domain,
      sim_cards: [],
      filter_mode: 'Filtered',
      filter_mode_recorded: Math.floor(at.getTime() / 1000),
      ...(safeSearch
        ? {
            safe_search_user: safeSearch.username,
            safe_search_user_type: safeSearch.type,
            safe_search_user_recorded: Math.floor(at.getTime() / 1000),
          }
        : {}),
    },
  };
}

function mobileInventory(n: number): AgentInventory {
  return {
    mobile: {
      imei: `3569380356${String(43800 + n).padStart(5, '0')}`,
      zero_touch_enrolled: n % 2 === 0,
      secondary_account_count: 0,
      sim_cards:
        n % 3 === 0
          ? []
          : [
              {
                name: 'SIM 1',
                carrier_name: 'Vodafone UK',
                phone_number: `+4477009001${String(n).padStart(2, '0')}`,
                roaming: false,
                imei: '',
              },
            ],
    },
  };
}

/** An alert as the agent raises it (POST /events). */
const raised = (id: string, at: Date, code: number, group: AlertGroup, title: string, on: string): AgentEvent => ({
  event_id: id,
  type: 'alert_raised',
  occurred: Math.floor(at.getTime() / 1000),
  code,
  group_id: group,
  title,
  description: `${title} on ${on}.`,
});
const cleared = (id: string, at: Date, code: number): AgentEvent => ({
  event_id: id,
  type: 'alert_cleared',
  occurred: Math.floor(at.getTime() / 1000),
  code,
});

export async function seedDemoDevices(
  tx: DbOrTx,
  o: DemoDevicesInput,
): Promise<{ northfield: Made[]; riverside: Made[] }> {
  const { now } = o;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const plans: Plan[] = [
    ...Array.from({ length: 12 }, (_, i): Plan => {
      const name = `NF-LAB-PC${String(i + 1).padStart(2, '0')}`;
      return {
        account: o.northfield,
        token: o.tokens.labImage,
        kind: 'machine',
        serial: `NFPC${String(1001 + i)}`,
        name,
        os: 'Windows',
        osVersion: '11',
        osBuild: '22631',
        model: 'Latitude 3440',
        version: '5.14.2',
        licenseKey: `LK-NF-${4000 + i}`,
        registered: ago((300 - i) * DAY),
        lastOnline: i === 11 ? null : ago(i * 3 * HOUR),
        // The first lab PCs name their pupil (the one their check-ins report) as the safe-search user.
        inventory: machineInventory(
          i + 1,
          name,
          ago(30 * DAY),
          'northfield.local',
          i < 6 ? o.pupils[i % 7] : undefined,
        ),
      };
    }),
    ...Array.from({ length: 8 }, (_, i): Plan => ({
      account: o.northfield,
      token: o.tokens.staffLaptops,
      kind: 'mobile',
      serial: `NFMB${String(2001 + i)}`,
      name: `Northfield Tablet ${i + 1}`,
      os: 'Android',
      osVersion: '14',
      model: 'Galaxy Tab A9',
      version: '3.8.0',
      licenseKey: `LK-NFM-${7000 + i}`,
      registered: ago((200 - i) * DAY),
      lastOnline: ago(i * 7 * HOUR),
      inventory: mobileInventory(i + 1),
    })),
    {
      account: o.riverside,
      token: o.tokens.familyPhones,
      kind: 'machine',
      serial: 'RFPC0001',
      name: 'RIVERSIDE-MARKER Laptop',
      os: 'Windows',
      osVersion: '11',
      model: 'IdeaPad Slim 3',
      version: '',
      registered: ago(80 * DAY),
      lastOnline: ago(HOUR),
      inventory: machineInventory(90, 'RIVERSIDE-PC', ago(40 * DAY), ''),
    },
    {
      account: o.riverside,
      token: o.tokens.familyPhones,
      kind: 'mobile',
      serial: 'RFMB0001',
      name: 'Riverside Phone',
      os: 'Android',
      osVersion: '15',
      model: 'Pixel 8a',
      version: '',
      registered: ago(79 * DAY),
      lastOnline: ago(2 * HOUR),
      inventory: mobileInventory(90),
    },
  ];

  // Enrolment (POST /enroll) and the details snapshot (PUT /inventory), a day after.
  const made: Made[] = [];
  for (const [i, p] of plans.entries()) {
    const r = await enrol(
      tx,
      {
        token: p.token,
        instance_id: `demo-${p.serial.toLowerCase()}-agent`,
        kind: p.kind,
        serial: p.serial,
        hardware_uuid: p.kind === 'machine' ? `4C4C4544-0042-3010-8052-${String(i).padStart(12, '0')}` : '',
        name: p.name,
        os: p.os,
        os_version: p.osVersion,
        agent_version: p.version,
        model: p.model,
      },
      `10.12.0.${200 + i}`,
      null,
      p.registered,
    );
    const d: Made = { id: r.device_id, accountId: p.account.id, kind: p.kind, serial: p.serial, name: p.name };
    made.push(d);
    await putInventory(
      tx,
      d,
      {
        os: p.os,
        os_version: p.osVersion,
        ...(p.osBuild ? { os_build_version: p.osBuild } : {}),
        model: p.model,
        ...(p.licenseKey ? { license_key: p.licenseKey } : {}),
        update_installed: Math.floor(ago(((i * 5) % 19) * DAY + 6 * HOUR).getTime() / 1000),
        ...p.inventory,
      },
      new Date(p.registered.getTime() + DAY),
    );
  }
  const nf = made.slice(0, 20);
  const rf = made.slice(20);
  const byIndex = (i: number) => nf[i]!;

  // Each device's calls come in the order they happened (its timeline is read newest first by id):
  // enrolment, details, events, commands, then its latest check-in.
  // Alerts (POST /events): open ones the dashboard counts, and older ones raised and cleared since.
  const alerts: [Made, AgentEvent[]][] = [
    [
      byIndex(0),
      [
        raised(
          'demo-nf01-0001',
          ago(26 * HOUR),
          200,
          'critical_warning',
          'Internet filter not responding',
          'NF-LAB-PC01',
        ),
        raised('demo-nf01-0002', ago(25 * HOUR), 302, 'critical_warning', 'Tamper attempt detected', 'NF-LAB-PC01'),
      ],
    ],
    [
      byIndex(1),
      [
        raised('demo-nf02-0001', ago(9 * DAY), 303, 'service_alert', 'Filter definitions out of date', 'NF-LAB-PC02'),
        cleared('demo-nf02-0002', ago(8 * DAY), 303),
      ],
    ],
    [
      byIndex(3),
      [raised('demo-nf04-0001', ago(10 * HOUR), 300, 'critical_warning', 'Filter service stopped', 'NF-LAB-PC04')],
    ],
    [
      byIndex(5),
      [raised('demo-nf06-0001', ago(2 * DAY), 201, 'validation_failure', 'Licence validation failed', 'NF-LAB-PC06')],
    ],
    [
      byIndex(6),
      [
        raised('demo-nf07-0001', ago(15 * DAY), 410, 'update_failure', 'Windows update failed', 'NF-LAB-PC07'),
        cleared('demo-nf07-0002', ago(14 * DAY), 410),
        raised('demo-nf07-0003', ago(20 * HOUR), 304, 'service_alert', 'Service restarted unexpectedly', 'NF-LAB-PC07'),
      ],
    ],
    // Raised before the device was deactivated: not counted.
    [
      byIndex(10),
      [
        raised(
          'demo-nf11-0001',
          ago(22 * DAY),
          200,
          'critical_warning',
          'Internet filter not responding',
          'NF-LAB-PC11',
        ),
      ],
    ],
    [
      byIndex(13),
      [raised('demo-nfm2-0001', ago(3 * DAY), 410, 'update_failure', 'App update failed', 'Northfield Tablet 2')],
    ],
    [
      rf[0]!,
      [
        raised(
          'demo-rf01-0001',
          ago(3 * HOUR),
          200,
          'critical_warning',
          'RIVERSIDE-MARKER alert',
          'RIVERSIDE-MARKER Laptop',
        ),
      ],
    ],
  ];
  for (const [d, events] of alerts) await receiveEvents(tx, d, { events }, now);

  // A lock screen an administrator sent weeks ago, which the lab PC ran (GET /commands, then its results).
  const locked = byIndex(4);
  const sent = ago(12 * DAY);
  const after = (ms: number) => new Date(sent.getTime() + ms);
  await queueCommand(tx, {
    accountId: locked.accountId,
    deviceId: locked.id,
    type: 'lock_screen',
    payload: {},
    createdByName: 'Alex Morgan',
    now: sent,
  });
  const [lock] = (await deliverCommands(tx, o.secretKey, locked, after(2 * 60_000))).commands;
  if (lock) {
    await commandResult(tx, locked, lock.id, { state: 'acknowledged' }, after(2 * 60_000 + 2_000));
    await commandResult(tx, locked, lock.id, { state: 'completed' }, after(3 * 60_000));
  }

  // Check-ins (POST /checkin): last online, the users active, the policy applied. NF-LAB-PC09 has not
  // applied its policy yet (pending on the console).
  const versions = new Map(
    (
      await tx
        .select({ id: deviceConfigs.deviceId, v: deviceConfigs.policyVersion })
        .from(deviceConfigs)
        .where(
          inArray(
            deviceConfigs.deviceId,
            made.map((d) => d.id),
          ),
        )
    ).map((r) => [r.id, r.v]),
  );
  for (const [i, p] of plans.entries()) {
    const d = made[i]!;
    const at = p.lastOnline ?? new Date(p.registered.getTime() + DAY);
    const pupil = i < 12 ? o.pupils[i % 7] : undefined;
    await checkin(
      tx,
      d,
      {
        seq: 1,
        agent_version: p.version || undefined,
        ...(i === 8 ? {} : { applied_policy_version: versions.get(d.id) ?? '' }),
        ...(pupil
          ? { users: [{ kind: pupil.type, username: pupil.username, last_active: Math.floor(at.getTime() / 1000) }] }
          : {}),
      },
      at,
    );
  }

  // What an administrator or the billing system sets, not the agent.
  for (const [i, p] of plans.entries()) {
    const d = made[i]!;
    const pupil = i < 12 ? o.pupils[i % 7] : undefined;
    await tx
      .update(devices)
      .set({
        version: p.version,
        ...(p.account.id === o.northfield.id
          ? { billedTo: o.northfield.name, licenseType: p.kind === 'machine' ? 'Education' : null }
          : {}),
        billed: i !== 9,
        registered: true,
        ...(pupil ? { userKind: 'server_user' as const, userRefId: pupil.id } : {}),
        ...(p.kind === 'mobile' && p.account.id === o.northfield.id
          ? { userKind: 'user' as const, userRefId: o.teacherId }
          : {}),
        ...(p.lastOnline === null ? { lastOnline: null } : {}),
        ...(i === 10 ? { deactivatedDate: ago(20 * DAY) } : {}),
      })
      .where(and(eq(devices.id, d.id), eq(devices.accountId, d.accountId)));
  }
  // The tablets are lent to a console user: a link an administrator makes.
  await tx.insert(deviceUsers).values(
    plans
      .map((p, i) => ({ p, d: made[i]! }))
      .filter(({ p }) => p.kind === 'mobile' && p.account.id === o.northfield.id)
      .map(({ p, d }) => ({
        accountId: d.accountId,
        deviceId: d.id,
        userKind: 'user' as const,
        userRefId: o.teacherId,
        lastActive: p.lastOnline,
      })),
  );
  return { northfield: nf, riverside: rf };
}
