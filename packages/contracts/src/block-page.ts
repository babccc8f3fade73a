/**
 * The block page a monitored user sees (issue 11 'Where requests come from'; docs/decisions/requests.md
 * "Requests (issue 11)"): POST /api/agent/v1/block-page (the device asks for a page for an address it blocked and opens
 * the answer's page_url in the browser), GET /api/agent/v1/block-page (the page: what is blocked and why, and
 * "Ask for access"), POST /api/agent/v1/block-page/ask (the page's form: a request through the same service as POST
 * /api/agent/v1/requests). The page is for children: plain words, short sentences, no jargon; its texts are here.
 */
import { z } from 'zod';
import { MEDIA_TYPE_GROUPS, type MediaType } from './constants.js';
import { AGENT_REQUEST_NOTES_MAX, AGENT_REQUEST_STATUSES, AGENT_REQUEST_URL_MAX } from './agent/requests.js';

/** A page's ticket lasts this long (a child may read the page a while before asking). */
export const BLOCK_PAGE_TICKET_MINUTES = 60;
export const BLOCK_PAGE_TICKET_MAX = 4096;

const MEDIA_TYPES = MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => t.key)) as [MediaType, ...MediaType[]];
const text = (max: number) => z.string().trim().max(max);

export const agentBlockPageBody = z.object({
  url: z.string().trim().min(1).max(AGENT_REQUEST_URL_MAX),
  kind: z.enum(['website', 'media']).default('website'),
  /** Who was browsing on a shared machine; default: the device's current user. */
  user: z.object({ kind: z.enum(['server_user', 'local_user']), username: text(64).min(1) }).optional(),
  /** The media item, when the blocked address is one (a video, a channel ...). */
  media: z.object({ type: z.enum(MEDIA_TYPES), title: text(256).min(1) }).optional(),
});
export type AgentBlockPageBody = z.input<typeof agentBlockPageBody>;

export const agentBlockPageResponse = z.object({
  server_time: z.number(),
  /** Open this in the browser instead of the blocked address. */
  page_url: z.string(),
  /** Unix seconds after which the page says its link has expired. */
  expires: z.number(),
});
export type AgentBlockPageResponse = z.infer<typeof agentBlockPageResponse>;

export const blockPageQuery = z.object({
  t: z.string().min(1).max(BLOCK_PAGE_TICKET_MAX),
  /** Set by the page itself after "Ask for access": what became of the ask. */
  asked: z.enum(AGENT_REQUEST_STATUSES).optional(),
});
export const blockPageAskBody = z.object({
  t: z.string().min(1).max(BLOCK_PAGE_TICKET_MAX),
  notes: text(AGENT_REQUEST_NOTES_MAX).default(''),
});

/** The page's texts. */
export const BLOCK_PAGE_MSG = {
  title: 'This page is blocked',
  titleAllowed: 'This page is not blocked any more',
  titleExpired: 'This link has expired',
  expired: 'Go back to the page you wanted and try again.',
  address: 'You tried to open',
  why: 'Why is it blocked?',
  allowedNow: 'Good news: you can open this page now.',
  openIt: 'Open the page',
  byCategory: (who: string, category: string) => `${who} has blocked websites about ${category}.`,
  byWebsite: (who: string) => `${who} has blocked this website.`,
  byMedia: (who: string) => `${who} has blocked this video or page.`,
  byGroup: (who: string, group: string) => `${who} has blocked the websites in the list "${group}".`,
  byDefault: (who: string) => `${who} only allows websites that an adult has approved.`,
  locked: (category: string) =>
    `Websites about ${category} are never allowed, because they can harm you or your device.`,
  whoAccount: (account: string) => account,
  whoDevice: 'Your device',
  whoUser: 'Your account',
  whoConnection: 'Your school network',
  askTitle: 'Do you need this page?',
  askHelp: 'You can ask an adult to let you open it. Tell them why you need it.',
  notesLabel: 'Why do you need this page? (you can leave this empty)',
  askButton: 'Ask for access',
  cannotAskLocked: 'Nobody can unblock this page, so you cannot ask for it.',
  cannotAskOff: 'Asking for pages is turned off here. If you need this page, talk to an adult.',
  cannotAskPrevented: 'An adult has already said no to this page, and asking again is turned off.',
  asked: {
    created: 'Your request was sent. An adult will look at it soon.',
    joined: 'Your request was sent. Others have asked for this page too: an adult will look at it soon.',
    duplicate: 'You have already asked for this page. An adult will look at it soon.',
    prevented: 'An adult has already said no to this page, and asking again is turned off.',
    not_blocked: 'Good news: you can open this page now.',
    locked: 'Nobody can unblock this page, so your request was not sent.',
    disabled: 'Asking for pages is turned off here, so your request was not sent.',
  } satisfies Record<(typeof AGENT_REQUEST_STATUSES)[number], string>,
} as const;
