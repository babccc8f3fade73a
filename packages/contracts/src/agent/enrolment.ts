/**
 * POST /enroll (docs/design/agent-api.md "Identity and authentication"): a device enrols with a token and gets its secret.
 */
import { z } from 'zod';
import { text } from './fields.js';

/**
 * What an enrolment gave: 'enrolled' (the secret works now), or 'replacement_pending' (the identity is
 * an enrolled device's and the caller did not prove it holds that device's secret: the secret sent is a
 * claim that works only once a Console Admin approves the replacement; until then calls with it answer
 * 401 'replacement_pending').
 */
export const AGENT_ENROLL_STATUSES = ['enrolled', 'replacement_pending'] as const;

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
  /**
   * Ours (issue 12): the username the mobile's owner gave. Information only (issue 25): a device never
   * chooses its console user; an administrator links it, or the token was made for a user
   * (docs/decisions/devices.md "Device identity (issue 25)").
   */
  user: text(64).optional(),
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
  status: z.enum(AGENT_ENROLL_STATUSES),
});
export type AgentEnrollResponse = z.infer<typeof agentEnrollResponse>;
