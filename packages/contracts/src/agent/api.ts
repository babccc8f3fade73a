/**
 * The device-facing API under /api/agent/v1 (docs/design/agent-api.md): its base path, the check-in interval,
 * the error answer and its codes, and the Idempotency-Key of the device routes' POSTs.
 * Devices authenticate with `Authorization: Bearer <device secret>`; every answer carries
 * `server_time` (epoch seconds). An answer of 401 carries `error_code`: 'reenrol' (unknown or revoked
 * secret: enrol again), 'token_invalid' (the enrolment token cannot enrol), 'replacement_pending' (the
 * secret is a replacement's claim an administrator has not approved yet: wait and try again later),
 * 'replacement_refused' (an administrator refused that replacement) or 'device_retired' (an
 * administrator retired the device: stop). 429 carries 'slow_down' and 503 (a full check-in queue)
 * 'busy', both with `retry_after` seconds and the Retry-After header.
 */
import { z } from 'zod';

export const AGENT_BASE = '/api/agent/v1';
export const AGENT_CHECKIN_INTERVAL_S = 300;

export const AGENT_ERROR_CODES = [
  'reenrol',
  'token_invalid',
  'replacement_pending',
  'replacement_refused',
  'device_retired',
  'slow_down',
  'busy',
] as const;
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

export const AGENT_MSG = {
  reenrol: 'Unknown or revoked device secret: enrol the device again',
  tokenInvalid: 'This enrolment token cannot enrol a device: it has expired, been revoked or been used up',
  replacementPending: 'This device replaces an enrolled one and waits for an administrator to approve it',
  replacementRefused: 'An administrator refused this device as a replacement',
  deviceRetired: 'An administrator retired this device: it can no longer call the service',
  /** 429 error_code 'slow_down': this device called a route class more often than its limit; retry after retry_after seconds. */
  slowDown: 'Too many calls from this device: wait retry_after seconds and try again',
  /** 503 error_code 'busy': the server cannot take this check-in now; retry after retry_after seconds. */
  busy: 'The server is busy: wait retry_after seconds and try again',
} as const;

export const agentErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  error_code: z.enum(AGENT_ERROR_CODES).optional(),
  /** With 'slow_down' (429) and 'busy' (503): seconds to wait before calling again, as the Retry-After header. */
  retry_after: z.number().int().positive().optional(),
  server_time: z.number(),
});

// Idempotency-Key on the device routes' POSTs.
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
/** How long an answer is kept for a repeated key. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_MSG = {
  badKey: 'The Idempotency-Key must be 1 to 128 letters, digits or _ . : -',
  reused: 'This Idempotency-Key was already used with another request body',
} as const;
