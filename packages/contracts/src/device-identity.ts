/**
 * Device identity in the console (issue 25, docs/decisions/devices.md "Device identity (issue 25)"): a device enrolled
 * again without its own secret is held as a replacement a Console Admin approves or refuses (GET/POST
 * /devices/replacement); a Console Admin retires a device (POST /devices/retire: its secret stops working at once, its
 * history stays); a Console Admin links a mobile to a console user (POST /devices/mobile_user), which a device can no
 * longer choose itself.
 */
import { z } from 'zod';
import { idField } from './common.js';
import { deviceIdField, deviceQuery } from './devices/device.js';

/**
 * The alert code of a replacement awaiting a decision: outside the codes a device reports (1-99,999,
 * agent.ts), so that no device can raise or clear it. Critical; cleared when an administrator decides.
 */
export const REPLACEMENT_ALERT_CODE = 100_000;

/** A device's hardware as an enrolment reported it: the current device's, and the replacement's. */
export const deviceHardware = z.object({
  serial: z.string(),
  instance_id: z.string(),
  hardware_uuid: z.string(),
  model: z.string(),
  os: z.string(),
  os_version: z.string(),
  agent_version: z.string(),
  /** The address it enrolled from ('' when unknown). */
  address: z.string(),
  /** When it enrolled (epoch seconds, 0 when unknown). */
  at: z.number(),
});
export type DeviceHardware = z.infer<typeof deviceHardware>;

export const deviceReplacement = z.object({
  id: z.number(),
  /** The enrolment token's label the replacement used. */
  token_label: z.string(),
  current: deviceHardware,
  proposed: deviceHardware,
});
export type DeviceReplacement = z.infer<typeof deviceReplacement>;

/** GET /devices/replacement: the replacement awaiting a decision, if any. */
export const deviceReplacementResponse = z.object({ replacement: deviceReplacement.nullable() });
export type DeviceReplacementResponse = z.infer<typeof deviceReplacementResponse>;

export const REPLACEMENT_DECISIONS = ['approve', 'refuse'] as const;
/** POST /devices/replacement. */
export const decideReplacementRequest = deviceQuery.extend({
  replacement_id: idField,
  decision: z.enum(REPLACEMENT_DECISIONS),
});
export type DecideReplacementRequest = z.infer<typeof decideReplacementRequest>;

/** POST /devices/retire. */
export const retireDeviceRequest = deviceQuery;
export type RetireDeviceRequest = z.infer<typeof retireDeviceRequest>;

/** POST /devices/mobile_user: link a mobile to a console user of the account, or unlink it (null). */
export const linkMobileUserRequest = z.object({ id: deviceIdField, user_id: idField.nullable() });
export type LinkMobileUserRequest = z.infer<typeof linkMobileUserRequest>;

export const DEVICE_IDENTITY_MSG = {
  replacementApproved: 'The replacement was approved: the new device holds the secret now',
  replacementRefused: 'The replacement was refused',
  replacementDecided: 'This replacement was already decided, or a newer one replaced it. Reload the page',
  instanceTaken: 'Another device of this account now holds the instance id of this replacement: refuse it',
  retired: 'The device was retired',
  alreadyRetired: 'This device is already retired',
  retireTitle: 'Retire this device?',
  retireText:
    'The device can no longer call the service from this moment, its waiting commands expire, and it leaves the devices list. Its history stays readable.',
  userLinked: 'The console user of this mobile was changed',
  unknownUser: 'This console user could not be found',
  replacementAlertTitle: 'Another device asks to replace this one',
} as const;
