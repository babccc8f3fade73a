/**
 * GET /policy (docs/design/agent-api.md 'Policy'): the device's settings and compiled web access, with its
 * version as the ETag.
 */
import { z } from 'zod';
import { matchMode, ruleAction } from '../web-access/rules.js';
import { weeklySchedule } from '../web-access/schedule.js';

const patternMatch = { pattern: z.string(), match: matchMode };

/**
 * A rule of the device's chain as the agent applies it (docs/design/policy.md 'Resolution order'): `level`
 * is its scope's place in the chain (0 = the account; nearer scopes are higher). Website groups come
 * with their members' patterns, media items with their address (matched exactly).
 */
export const agentWebAccessRule = z.object({
  id: z.number(),
  level: z.number(),
  scope: z.enum(['account', 'connection', 'user', 'device']),
  action: ruleAction,
  subject: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('category'), id: z.number() }),
    z.object({ kind: z.literal('website'), id: z.number(), ...patternMatch }),
    z.object({ kind: z.literal('media'), id: z.number(), pattern: z.string() }),
    z.object({ kind: z.literal('website_group'), id: z.number(), members: z.array(z.object(patternMatch)) }),
  ]),
  schedule: weeklySchedule.nullable(),
  expires_at: z.string().nullable(),
});
export type AgentWebAccessRule = z.infer<typeof agentWebAccessRule>;

/** The compiled web access of a device: what its agent filters with, from the one resolver's rules. */
export const agentWebAccessPolicy = z.object({
  /** What applies when no rule does (the account's default mode). */
  default: ruleAction,
  /** Schedules are read on this zone's wall clock. */
  time_zone: z.string(),
  locked_categories: z.array(z.number()),
  rules: z.array(agentWebAccessRule),
  /** The account's categorised websites for every category a rule names or the provider locks. */
  categorised: z.array(z.object({ ...patternMatch, category_id: z.number() })),
  /** Requests from this device's users (its settings and its user's options, 002 §2.2, §2.10). */
  website_requests: z.boolean(),
  media_requests: z.boolean(),
  /** Social sites its user may not open (server-user options disallow_*_access, 002 §3). */
  disallowed_social: z.array(z.string()),
});
export type AgentWebAccessPolicy = z.infer<typeof agentWebAccessPolicy>;

/**
 * The device's effective policy: its settings and its compiled web access. `version` is the ETag's
 * value (a hash of the canonical content).
 */
export const agentPolicyResponse = z.object({
  server_time: z.number(),
  version: z.string(),
  bool_settings: z.array(z.object({ key: z.string(), value: z.boolean() })),
  string_settings: z.array(z.object({ key: z.string(), value: z.string() })),
  web_access: agentWebAccessPolicy,
});
export type AgentPolicyResponse = z.infer<typeof agentPolicyResponse>;
