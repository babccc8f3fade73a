/**
 * The mobile commands (001 §5, §8: PUT /devices/lock_mobile_device, POST /devices/reset_mobile_password,
 * the device password's form) and ours: GET /devices/commands, each command's state
 * (docs/design/agent-api.md 'Commands').
 */
import { z } from 'zod';
import { deviceIdField } from './device.js';

export const lockMobileRequest = z.object({ id: deviceIdField });
/**
 * A command queued (ours, beside 001's `success`): whether the device was online when it was queued. An
 * offline device gets it when it next checks in, and the console says so beside 001's toast.
 */
export const lockMobileResponse = z.object({ success: z.boolean(), device_online: z.boolean() });
export type LockMobileResponse = z.infer<typeof lockMobileResponse>;

/**
 * Ours, beyond 001 §5 (docs/decisions/devices.md "The device password's length (issue 26)"): Android refuses a
 * screen-lock PIN or password shorter than 4, so a shorter one would only fail later on the device;
 * 32 is the column of the classic console's form and far above any PIN.
 */
export const DEVICE_PASSWORD_MIN = 4;
export const DEVICE_PASSWORD_MAX = 32;
const devicePassword = z
  .string({ error: 'Please enter a Password' })
  .min(1, 'Please enter a Password')
  .min(DEVICE_PASSWORD_MIN, `Please enter at least ${DEVICE_PASSWORD_MIN} characters`)
  .max(DEVICE_PASSWORD_MAX, `Please enter at most ${DEVICE_PASSWORD_MAX} characters`);

/** The Create dialog (001 §5: both required 'Please enter a Password', 'Passwords must match'). */
export const devicePasswordForm = z
  .object({
    password: devicePassword,
    password_confirm: z.string({ error: 'Please enter a Password' }).min(1, 'Please enter a Password'),
    send_email: z.boolean(),
  })
  .refine((v) => v.password_confirm === '' || v.password === v.password_confirm, {
    message: 'Passwords must match',
    path: ['password_confirm'],
  });
export type DevicePasswordForm = z.infer<typeof devicePasswordForm>;

export const resetMobilePasswordRequest = z.object({
  id: deviceIdField,
  password: devicePassword,
  send_email: z.boolean().default(false),
});
/** Answers success, or success false with error_message, shown inline in the dialog (001 §8). */
export const resetMobilePasswordResponse = z.object({
  success: z.boolean(),
  error_message: z.string().optional(),
  /** With success: whether the device was online when the command was queued (as lockMobileResponse). */
  device_online: z.boolean().optional(),
});
export type ResetMobilePasswordResponse = z.infer<typeof resetMobilePasswordResponse>;

// --- Commands (ours, docs/design/agent-api.md 'Commands') --------------------------------------------------------

export const DEVICE_COMMAND_TYPES = ['lock_screen', 'set_password', 'install_app', 'uninstall_app'] as const;
export type DeviceCommandType = (typeof DEVICE_COMMAND_TYPES)[number];
export const DEVICE_COMMAND_STATES = [
  'pending',
  'delivered',
  'acknowledged',
  'completed',
  'failed',
  'expired',
  'cancelled',
] as const;
export type DeviceCommandState = (typeof DEVICE_COMMAND_STATES)[number];
/** A command not completed within this long expires. */
export const DEVICE_COMMAND_TTL_HOURS = 72;
export const DEVICE_COMMAND_LABELS: Record<DeviceCommandType, string> = {
  lock_screen: 'Lock screen',
  set_password: 'Device password',
  install_app: 'Install app',
  uninstall_app: 'Uninstall app',
};
export const DEVICE_COMMAND_STATE_LABELS: Record<DeviceCommandState, string> = {
  pending: 'Sent',
  delivered: 'Delivered',
  acknowledged: 'Received',
  completed: 'Done',
  failed: 'Failed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** GET /devices/commands: newest first. Times are unix seconds; 0 = not (yet). */
export const deviceCommand = z.object({
  id: z.number(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  state: z.enum(DEVICE_COMMAND_STATES),
  created_by: z.string(),
  created: z.number(),
  delivered: z.number(),
  acknowledged: z.number(),
  finished: z.number(),
  expires: z.number(),
  error: z.string(),
});
export type DeviceCommand = z.infer<typeof deviceCommand>;
export const deviceCommandsResponse = z.object({ commands: z.array(deviceCommand) });
export type DeviceCommandsResponse = z.infer<typeof deviceCommandsResponse>;
