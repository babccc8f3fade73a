/**
 * Devices in the console: GET /devices, GET /devices/export, GET /devices/details, POST /devices/details,
 * GET /devices/alerts, GET /devices/config, POST /devices/config, PUT /devices/lock_mobile_device,
 * POST /devices/reset_mobile_password (001 §2.1-2.3, §3, §4, §5, §7 'Devices', §8, §9; 000 §9; 002 §2.2),
 * and ours: GET /devices/commands (each command's state) and GET /devices/timeline (docs/decisions/devices.md "Commands card").
 * A device's id on the wire is its serial (001 §2.2 'id is the serial or id'), always with its type.
 */
export * from './device.js';
export * from './list.js';
export * from './details.js';
export * from './alerts.js';
export * from './settings.js';
export * from './commands.js';
export * from './timeline.js';
export * from './messages.js';
