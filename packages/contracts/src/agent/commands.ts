/**
 * GET /commands, POST /commands/{id}/result (docs/design/agent-api.md 'Commands'): what the console queued for
 * the device, and the device's results.
 */
import { z } from 'zod';
import { DEVICE_COMMAND_STATES, DEVICE_COMMAND_TYPES } from '../devices/commands.js';
import { text } from './fields.js';

/**
 * What a command carries to the device: a lock has nothing, a password its new value, an app install or
 * uninstall its package_name (and, installing, mandatory: its user may not remove it).
 */
export const agentCommand = z.object({
  id: z.number(),
  type: z.enum(DEVICE_COMMAND_TYPES),
  payload: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
  /** Epoch seconds: past it, the command is expired and must not run. */
  expires_at: z.number(),
});
export type AgentCommand = z.infer<typeof agentCommand>;
export const agentCommandsResponse = z.object({ server_time: z.number(), commands: z.array(agentCommand) });
export type AgentCommandsResponse = z.infer<typeof agentCommandsResponse>;

export const AGENT_COMMAND_RESULTS = ['acknowledged', 'completed', 'failed'] as const;
export const agentCommandParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const agentCommandResultRequest = z.object({
  state: z.enum(AGENT_COMMAND_RESULTS),
  /** Why it failed (state failed). */
  error: text(500).optional(),
});
export type AgentCommandResultRequest = z.infer<typeof agentCommandResultRequest>;
export const agentCommandResultResponse = z.object({
  server_time: z.number(),
  /** The command's state after this result (a later state never goes back). */
  state: z.enum(DEVICE_COMMAND_STATES),
  /** False when the result changed nothing (a repeat, or a state already passed). */
  applied: z.boolean(),
});
export const AGENT_COMMAND_MSG = {
  notFound: 'No such command for this device',
} as const;
