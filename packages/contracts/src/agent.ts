/**
 * The device-facing API under /api/agent/v1 (design/agent-api.md): enrolment and check-in so far.
 * Devices authenticate with `Authorization: Bearer <device secret>`; every answer carries
 * `server_time` (epoch seconds). An answer of 401 carries `error_code`: 'reenrol' (unknown or revoked
 * secret: enrol again) or 'token_invalid' (the enrolment token cannot enrol).
 */
import { z } from 'zod';

export const AGENT_BASE = '/api/agent/v1';
export const AGENT_CHECKIN_INTERVAL_S = 300;

export const AGENT_ERROR_CODES = ['reenrol', 'token_invalid'] as const;
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

export const AGENT_MSG = {
  reenrol: 'Unknown or revoked device secret: enrol the device again',
  tokenInvalid: 'This enrolment token cannot enrol a device: it has expired, been revoked or been used up',
} as const;

const text = (max: number) => z.string().trim().max(max);

export const agentEnrollRequest = z.object({
  token: z.string().min(1).max(200),
  /** Made once by the agent and kept across restarts: the device's identity. */
  instance_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  kind: z.enum(['machine', 'mobile']),
  serial: text(64).min(1),
  hardware_uuid: text(64).default(''),
  name: text(64).min(1),
  os: text(64).default(''),
  os_version: text(64).default(''),
  agent_version: text(32).default(''),
  model: text(128).default(''),
});
/** As the agent sends it (defaults optional), and as the server reads it (defaults filled in). */
export type AgentEnrollRequest = z.input<typeof agentEnrollRequest>;
export type AgentEnrollment = z.output<typeof agentEnrollRequest>;

export const agentEnrollResponse = z.object({
  server_time: z.number(),
  device_id: z.number(),
  /** Sent as `Authorization: Bearer <device_secret>` from now on; only its hash is kept. */
  device_secret: z.string(),
  checkin_interval_s: z.number(),
});
export type AgentEnrollResponse = z.infer<typeof agentEnrollResponse>;

export const agentCheckinRequest = z.object({
  /** Grows with every check-in the agent makes: an older one arriving late changes nothing. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  agent_version: text(32).optional(),
  os_version: text(64).optional(),
});
export type AgentCheckinRequest = z.infer<typeof agentCheckinRequest>;

export const agentCheckinResponse = z.object({
  server_time: z.number(),
  checkin_interval_s: z.number(),
  /** False when this check-in was older than one already recorded (it changed nothing). */
  applied: z.boolean(),
});
export type AgentCheckinResponse = z.infer<typeof agentCheckinResponse>;

export const agentErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  error_code: z.enum(AGENT_ERROR_CODES).optional(),
  server_time: z.number(),
});
