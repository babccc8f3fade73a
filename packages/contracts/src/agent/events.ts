/**
 * POST /events: alerts raised and cleared, batched, each with the agent's own event id.
 */
import { z } from 'zod';
import { text } from './fields.js';

export const ALERT_GROUPS = [
  'critical_warning',
  'service_alert',
  'update_failure',
  'validation_failure',
  'general_alert',
] as const;
export type AlertGroup = (typeof ALERT_GROUPS)[number];

export const AGENT_EVENTS_MAX = 100;

const eventBase = {
  /** Made by the agent; an event id already received is ignored (retries never double an alert). */
  event_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** When it happened on the device (epoch seconds). */
  occurred: z.number().int().min(0).max(4_102_444_800),
  code: z.number().int().min(1).max(99_999),
};

export const agentEvent = z.discriminatedUnion('type', [
  z.object({
    ...eventBase,
    type: z.literal('alert_raised'),
    group_id: z.enum(ALERT_GROUPS),
    title: text(128).min(1),
    description: text(1000).default(''),
  }),
  z.object({ ...eventBase, type: z.literal('alert_cleared') }),
]);
export type AgentEvent = z.output<typeof agentEvent>;

export const agentEventsRequest = z.object({ events: z.array(agentEvent).min(1).max(AGENT_EVENTS_MAX) });
export type AgentEventsRequest = z.input<typeof agentEventsRequest>;

export const agentEventsResponse = z.object({
  server_time: z.number(),
  /** Events applied now. */
  accepted: z.number(),
  /** Events whose id had been received before: ignored. */
  duplicates: z.number(),
});
export type AgentEventsResponse = z.infer<typeof agentEventsResponse>;
