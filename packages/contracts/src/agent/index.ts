/**
 * The device-facing API under /api/agent/v1 (docs/design/agent-api.md): its base and errors (api.ts),
 * enrolment, check-in, inventory, events, commands, policy and requests.
 */
export * from './api.js';
export * from './enrolment.js';
export * from './checkin.js';
export * from './inventory.js';
export * from './events.js';
export * from './commands.js';
export * from './policy.js';
export * from './requests.js';
