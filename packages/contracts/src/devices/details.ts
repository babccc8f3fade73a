/**
 * GET /devices/details and POST /devices/details (001 §3, §5): the device page's view of a device (its
 * common fields, the machine or mobile section, the users seen on it, its policy's state) and the rename.
 */
import { z } from 'zod';
import { SAFE_SEARCH_USER_TYPES } from '../agent/inventory.js';
import { DEVICE_NAME_MAX, DEVICE_NAME_MIN, deviceKind, deviceQuery } from './device.js';
import { deviceUser } from './list.js';

const productKey = z.object({ product: z.string(), key: z.string() });
const simCardOut = z.object({
  name: z.string(),
  carrier_name: z.string(),
  phone_number: z.string(),
  roaming: z.boolean(),
  imei: z.string(),
});
const seenUser = z.object({ id: z.number(), name: z.string(), last_active: z.number() });

/** Machine-only details (001 §3). Lists hold every entry; the page shows the first of drives, keys and adapters. */
export const machineDetails = z.object({
  manufacturer_serial: z.string(),
  warranty_type: z.string(),
  warranty_period: z.string(),
  dispatch_date: z.number(),
  language: z.string(),
  windows_product_keys: z.array(productKey),
  office_product_keys: z.array(productKey),
  hard_drives: z.array(
    z.object({
      name: z.string(),
      interface_type: z.string(),
      media_type: z.string(),
      model: z.string(),
      capacity: z.number(),
    }),
  ),
  graphics_cards: z.array(z.object({ name: z.string(), memory: z.number() })),
  processor: z.string(),
  uuid: z.string(),
  network_adapters: z.array(z.object({ name: z.string(), mac_address: z.string(), ip_address: z.string() })),
  networking_name: z.string(),
  domain: z.string(),
  sim_cards: z.array(simCardOut),
  filter_mode: z.string(),
  filter_mode_recorded: z.number(),
  /** Users seen on the machine, newest last_active first (001 §2.2). */
  server_users: z.array(seenUser),
  local_users: z.array(seenUser),
  safe_search_user: z.string(),
  safe_search_user_id: z.number().nullable(),
  safe_search_user_type: z.enum(SAFE_SEARCH_USER_TYPES).nullable(),
  safe_search_user_recorded: z.number(),
});
export type MachineDetails = z.infer<typeof machineDetails>;

/** Mobile-only details (001 §3). */
export const mobileDetails = z.object({
  imei: z.string(),
  zero_touch_enrolled: z.boolean(),
  /** The linked user's name ('' when none). */
  user_name: z.string(),
  secondary_account_count: z.number(),
  sim_cards: z.array(simCardOut),
});
export type MobileDetails = z.infer<typeof mobileDetails>;

/** GET /devices/details (001 §3 'Device'). Times are unix seconds; 0 = never or unknown. */
export const deviceDetails = z.object({
  id: z.string(),
  type: deviceKind,
  name: z.string(),
  version: z.string(),
  license_key: z.string(),
  billed_to: z.string(),
  /** Machines only; null on a mobile. */
  license_type: z.string().nullable(),
  os: z.string(),
  os_version: z.string(),
  os_build_version: z.string().nullable(),
  model_name: z.string(),
  registered_date: z.number(),
  last_online: z.number(),
  status_updated: z.number(),
  details_updated: z.number(),
  update_installed: z.number(),
  /** Set when the device is deactivated (unix seconds); null otherwise. */
  deactivated_date: z.number().nullable(),
  user: deviceUser.nullable(),
  /** Every user seen on the device, newest last_active first. */
  users: z.array(deviceUser.extend({ last_active: z.number() })),
  machine: machineDetails.nullable(),
  mobile: mobileDetails.nullable(),
  /** The web-access policy version the device last reported applying, and the current one (ours). */
  policy: z.object({
    current_version: z.string(),
    applied_version: z.string().nullable(),
    state: z.enum(['applied', 'pending']),
    /** The current version's number for a person ('Policy version 3'); 0 before the first (issue 26). */
    number: z.number(),
    /** The applied version's number when it is the current one; null when none or an earlier one. */
    applied_number: z.number().nullable(),
  }),
});
export type DeviceDetails = z.infer<typeof deviceDetails>;

/** POST /devices/details: rename (001 §5: required, at least 3 characters, on blur). */
export const deviceNameField = z
  .string({ error: 'Please enter a device name' })
  .trim()
  .min(1, 'Please enter a device name')
  .min(DEVICE_NAME_MIN, 'Please enter at least 3 characters')
  .max(DEVICE_NAME_MAX, `Please enter at most ${DEVICE_NAME_MAX} characters`);
export const renameDeviceRequest = deviceQuery.extend({ name: deviceNameField });
export type RenameDeviceRequest = z.infer<typeof renameDeviceRequest>;
/** The rename form (the page's view/edit toggle). */
export const renameDeviceForm = z.object({ name: deviceNameField });
