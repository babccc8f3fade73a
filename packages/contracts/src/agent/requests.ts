/**
 * POST /requests: a monitored user asks for a website, a media item or an app (001 §2.4, issues 11, 12).
 */
import { z } from 'zod';
import { MEDIA_TYPE_GROUPS, type MediaType } from '../constants.js';
import { text } from './fields.js';
import { agentAppRef } from './inventory.js';

/**
 * What the device is told of its ask:
 * - created: a new pending thread; joined: the ask joined the subject's pending thread;
 * - duplicate: this (device, request_id) was received before: the first answer's thread, nothing doubled;
 * - prevented: an administrator denied the subject and prevented further requests;
 * - not_blocked: the address is allowed for this device and user now (nothing to ask);
 * - locked: the address is in a category the provider locks (nobody can allow it);
 * - disabled: requests of this kind are turned off for the device or its user.
 */
export const AGENT_REQUEST_STATUSES = [
  'created',
  'joined',
  'duplicate',
  'prevented',
  'not_blocked',
  'locked',
  'disabled',
] as const;
export type AgentRequestStatus = (typeof AGENT_REQUEST_STATUSES)[number];
export const AGENT_REQUEST_ID_MAX = 64;
export const AGENT_REQUEST_NOTES_MAX = 500;
export const AGENT_REQUEST_URL_MAX = 2048;
const MEDIA_TYPES = MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => t.key)) as [MediaType, ...MediaType[]];

export const AGENT_REQUEST_MSG = {
  urlInvalid: 'The request URL is not a valid web address',
  mediaMissing: 'A media request needs its media item (media.type and media.title)',
  appMissing: 'An app request needs its app (app.package_name)',
  urlMissing: 'A website or media request needs its url',
} as const;

export const agentRequestBody = z
  .object({
    /** Made by the agent for this ask; sending it again is the same ask. */
    request_id: z
      .string()
      .min(1)
      .max(AGENT_REQUEST_ID_MAX)
      .regex(/^[A-Za-z0-9_.:-]+$/),
    kind: z.enum(['website', 'media', 'app']),
    /** The address asked for (website, media); an app ask may send its store page or nothing. */
    url: z.string().trim().max(AGENT_REQUEST_URL_MAX).default(''),
    title: text(256).default(''),
    notes: text(AGENT_REQUEST_NOTES_MAX).default(''),
    /** Who asks on a shared machine (as check-in names users); default: the device's current user. */
    user: z.object({ kind: z.enum(['server_user', 'local_user']), username: text(64).min(1) }).optional(),
    /** The media item (media requests). */
    media: z
      .object({
        type: z.enum(MEDIA_TYPES),
        title: text(256).min(1),
        thumbnail: text(AGENT_REQUEST_URL_MAX).default(''),
        description: text(1000).default(''),
      })
      .optional(),
    /** The app (app requests, issue 12). */
    app: agentAppRef.optional(),
  })
  .refine((b) => b.kind !== 'media' || b.media !== undefined, {
    message: AGENT_REQUEST_MSG.mediaMissing,
    path: ['media'],
  })
  .refine((b) => b.kind !== 'app' || b.app !== undefined, {
    message: AGENT_REQUEST_MSG.appMissing,
    path: ['app'],
  })
  .refine((b) => b.kind === 'app' || b.url !== '', {
    message: AGENT_REQUEST_MSG.urlMissing,
    path: ['url'],
  });
export type AgentRequestBody = z.input<typeof agentRequestBody>;
export type AgentRequest = z.output<typeof agentRequestBody>;

export const agentRequestResponse = z.object({
  server_time: z.number(),
  status: z.enum(AGENT_REQUEST_STATUSES),
  /** The thread (the console's request id); null when no thread was made or joined. */
  request_id: z.number().nullable(),
});
export type AgentRequestResponse = z.infer<typeof agentRequestResponse>;
