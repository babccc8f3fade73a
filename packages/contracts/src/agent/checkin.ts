/**
 * POST /checkin (docs/design/agent-api.md, its calls): the device says it is online, which policy it runs and
 * who used it; the answer names the current policy version and the commands waiting.
 */
import { z } from 'zod';
import { text } from './fields.js';

export const agentCheckinRequest = z.object({
  /** Grows with every check-in the agent makes: an older one arriving late changes nothing. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  agent_version: text(32).optional(),
  os_version: text(64).optional(),
  /** The policy version (GET /policy's ETag value) the device runs now: the console shows applied or pending. */
  applied_policy_version: text(64).optional(),
  /** Users active on the device since the last check-in (machines: server or local users by name). */
  users: z
    .array(
      z.object({
        kind: z.enum(['server_user', 'local_user']),
        username: text(64).min(1),
        /** Epoch seconds. */
        last_active: z.number().int().min(0).max(4_102_444_800),
      }),
    )
    .max(32)
    .optional(),
});
export type AgentCheckinRequest = z.infer<typeof agentCheckinRequest>;

export const agentCheckinResponse = z.object({
  server_time: z.number(),
  checkin_interval_s: z.number(),
  /** False when this check-in was older than one already recorded (it changed nothing). */
  applied: z.boolean(),
  /** The device's current policy version: fetch GET /policy when it differs from the one applied. */
  policy_version: z.string(),
  /** Commands waiting for the device (GET /commands). */
  commands_waiting: z.number(),
});
export type AgentCheckinResponse = z.infer<typeof agentCheckinResponse>;
