/**
 * PUT /inventory: the full snapshot of a device's details (001 §3), machine or mobile, and an app as a
 * device names it.
 */
import { z } from 'zod';
import { text } from './fields.js';

const item = text(128);
const list = <T extends z.ZodType>(of: T) => z.array(of).max(64).default([]);
/** Epoch seconds; 0 when unknown. */
const epoch = z.number().int().min(0).max(4_102_444_800).default(0);

export const simCard = z.object({
  name: item.default(''),
  carrier_name: item.default(''),
  phone_number: text(32).default(''),
  roaming: z.boolean().default(false),
  imei: text(32).default(''),
});

/** Who a machine's safe-search user is (001 §3 'safe_search_user_type (local_user or server_user)'). */
export const SAFE_SEARCH_USER_TYPES = ['local_user', 'server_user'] as const;

/** Machine-only details (001 §3 "Machine-only"), without the users seen on it (check-ins report those). */
export const machineInventory = z.object({
  manufacturer_serial: item.default(''),
  warranty_type: item.default(''),
  warranty_period: item.default(''),
  dispatch_date: epoch,
  language: text(64).default(''),
  windows_product_keys: list(z.object({ product: item, key: text(64) })),
  office_product_keys: list(z.object({ product: item, key: text(64) })),
  hard_drives: list(
    z.object({
      name: item,
      interface_type: text(32).default(''),
      media_type: text(64).default(''),
      model: item.default(''),
      /** Bytes. */
      capacity: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    }),
  ),
  /** Memory in bytes. */
  graphics_cards: list(
    z.object({ name: item, memory: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) }),
  ),
  processor: item.default(''),
  uuid: text(64).default(''),
  network_adapters: list(z.object({ name: item, mac_address: text(32).default(''), ip_address: text(64).default('') })),
  networking_name: item.default(''),
  domain: item.default(''),
  sim_cards: list(simCard),
  filter_mode: text(64).default(''),
  filter_mode_recorded: epoch,
  /**
   * The user whose safe-search settings apply now (001 §3), by username and type: the server matches
   * it among the account's server and local users as check-ins match users (an unknown name is shown
   * without a link). Information only: it links nothing and never names a console user (issue 25).
   * Absent when the machine reports none.
   */
  safe_search_user: text(64).optional(),
  safe_search_user_type: z.enum(SAFE_SEARCH_USER_TYPES).nullable().optional(),
  /** Epoch seconds. */
  safe_search_user_recorded: z.number().int().min(0).max(4_102_444_800).optional(),
});
export type MachineInventory = z.output<typeof machineInventory>;

/** An app as a device names it (an ask, or a line of its inventory): the catalogue fills in the rest. */
export const agentAppRef = z.object({
  package_name: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/),
  name: text(256).default(''),
  version: text(64).default(''),
  /** Ours: where the device found it ('Google Play Store' or another store); '' = unknown. */
  source: text(128).default(''),
});

/** Apps one inventory may report (ours). */
export const AGENT_INVENTORY_APPS_MAX = 1000;

/** Mobile-only details (001 §3 "Mobile-only"); the linked user by username. */
export const mobileInventory = z.object({
  imei: text(32).default(''),
  /**
   * The console user the mobile is lent to now, by username (001 §3 'user_name (linked user)'): a change
   * lends it to that user ('' ends the link); absent leaves the link as it is; an unknown name is ignored.
   */
  user_name: text(64).optional(),
  zero_touch_enrolled: z.boolean().default(false),
  secondary_account_count: z.number().int().min(0).max(1000).default(0),
  sim_cards: list(simCard),
  /**
   * The apps installed now with their versions (issue 12): the whole list, replacing the last one;
   * absent leaves the last list as it was. `installed_at`: epoch seconds, 0 when unknown.
   */
  apps: z
    .array(agentAppRef.extend({ installed_at: z.number().int().min(0).max(4_102_444_800).default(0) }))
    .max(AGENT_INVENTORY_APPS_MAX)
    .optional(),
});
export type MobileInventory = z.output<typeof mobileInventory>;

/**
 * The whole snapshot, sent again whenever something changes (idempotent: the same snapshot twice
 * leaves the same device). `machine` for a machine, `mobile` for a mobile: the other is refused.
 */
export const agentInventoryRequest = z.object({
  os: text(64).optional(),
  os_version: text(64).optional(),
  os_build_version: text(64).optional(),
  model: text(128).optional(),
  license_key: text(64).optional(),
  /** When the newest update was installed (epoch seconds). */
  update_installed: z.number().int().min(0).max(4_102_444_800).optional(),
  machine: machineInventory.optional(),
  mobile: mobileInventory.optional(),
});
export type AgentInventoryRequest = z.input<typeof agentInventoryRequest>;
export type AgentInventory = z.output<typeof agentInventoryRequest>;

export const agentInventoryResponse = z.object({
  server_time: z.number(),
  /** When the details were recorded (epoch seconds): the device page's "details updated". */
  details_updated: z.number(),
});

export const AGENT_INVENTORY_MSG = {
  wrongKind: (kind: 'machine' | 'mobile') => `This device is a ${kind}: send its details as "${kind}"`,
} as const;
