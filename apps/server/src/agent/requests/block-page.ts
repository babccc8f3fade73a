/**
 * The block page (issue 11; docs/decisions/requests.md "Requests (issue 11)"). A device that blocks an address asks
 * POST /block-page for a page and opens its page_url in the browser. The page's ticket is sealed with
 * the server's SECRET_KEY (lib/secret-box.ts): the device, the address, the asking user and an expiry,
 * so the browser holds no device secret and nobody can forge a page for another device or address.
 * The page says in plain words what the one resolver decided and why (assessAsk, the same checks as
 * POST /requests), and its "Ask for access" form makes the request through receiveRequest, with the
 * ticket's own id as the request id: sending the form twice is one request.
 */
import { randomBytes } from 'node:crypto';
import {
  AGENT_BASE,
  BLOCK_PAGE_MSG,
  BLOCK_PAGE_TICKET_MINUTES,
  categoryById,
  MEDIA_TYPE_KEYS,
  type MediaType,
  type AgentBlockPageBody,
  type AgentBlockPageResponse,
  type AgentRequestStatus,
  type RuleScope,
} from '@wayguard/contracts';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { openText, sealText } from '../../lib/secret-box.js';
import { preventingThread } from '../../domain/requests/threads.js';
import type { AgentDevice } from '../../domain/devices/agent-device.js';
import { accountNameOfDevice } from './repository.js';
import { assessAsk, receiveRequest } from './service.js';

export const BLOCK_PAGE_PATH = `${AGENT_BASE}/block-page`;

const ticketShape = z.object({
  /** The ticket's own id: the request id of its ask. */
  i: z.string(),
  a: z.number(),
  d: z.number(),
  k: z.enum(['machine', 'mobile']),
  kind: z.enum(['website', 'media']),
  url: z.string(),
  user: z.object({ kind: z.enum(['server_user', 'local_user']), username: z.string() }).optional(),
  media: z.object({ type: z.enum(MEDIA_TYPE_KEYS as [MediaType, ...MediaType[]]), title: z.string() }).optional(),
  /** Expiry, unix seconds. */
  e: z.number(),
});
export type Ticket = z.infer<typeof ticketShape>;

const INFO_PREFIX = 'bp.';

/** A page for the device's blocked address: its sealed ticket in the page's address. */
export function issueTicket(
  secretKey: string,
  publicUrl: string,
  device: AgentDevice,
  b: AgentBlockPageBody,
  now: Date,
): AgentBlockPageResponse {
  const expires = Math.floor(now.getTime() / 1000) + BLOCK_PAGE_TICKET_MINUTES * 60;
  const ticket: Ticket = {
    i: randomBytes(12).toString('base64url'),
    a: device.accountId,
    d: device.id,
    k: device.kind,
    kind: b.kind ?? 'website',
    url: b.url,
    ...(b.user ? { user: b.user } : {}),
    ...(b.media ? { media: b.media } : {}),
    e: expires,
  };
  const t = INFO_PREFIX + sealText(secretKey, JSON.stringify(ticket), 'block-page ticket');
  const base = publicUrl.replace(/\/+$/, '');
  return {
    server_time: Math.floor(now.getTime() / 1000),
    page_url: `${base}${BLOCK_PAGE_PATH}?t=${encodeURIComponent(t)}`,
    expires,
  };
}

/** The ticket, or null when it was changed, sealed under another key, or has expired. */
export function openTicket(secretKey: string, t: string, now: Date): Ticket | null {
  if (!t.startsWith(INFO_PREFIX)) return null;
  try {
    const parsed = ticketShape.safeParse(
      JSON.parse(openText(secretKey, t.slice(INFO_PREFIX.length), 'block-page ticket')),
    );
    if (!parsed.success || parsed.data.e * 1000 <= now.getTime()) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

export type BlockPageView =
  | { state: 'expired' }
  | {
      state: 'blocked' | 'allowed';
      url: string;
      /** One plain sentence: who blocked it and what for. */
      reason: string;
      /** Why no ask can be made here, or null when the form shows. */
      cannotAsk: string | null;
    };

/** Who decided, in a child's words. */
function whoOf(scope: RuleScope, accountName: string): string {
  switch (scope.kind) {
    case 'device':
      return BLOCK_PAGE_MSG.whoDevice;
    case 'user':
      return BLOCK_PAGE_MSG.whoUser;
    case 'connection':
      return BLOCK_PAGE_MSG.whoConnection;
    default:
      return BLOCK_PAGE_MSG.whoAccount(accountName);
  }
}

/**
 * The ticket's device with its account's name, or null when the device is gone or is not the account's
 * (a ticket sealed with another device's account, should the key ever leak): viewing and asking both
 * check it, so such a ticket shows and does nothing.
 */
async function ticketDevice(db: DbOrTx, t: Ticket): Promise<{ device: AgentDevice; accountName: string } | null> {
  const accountName = await accountNameOfDevice(db, t.a, t.d);
  return accountName !== null ? { device: { id: t.d, accountId: t.a, kind: t.k }, accountName } : null;
}

/** What the page shows for a ticket now. */
export async function blockPageView(db: DbOrTx, t: Ticket, now: Date): Promise<BlockPageView> {
  const owned = await ticketDevice(db, t);
  if (!owned) return { state: 'expired' };
  const { device } = owned;
  const account = { name: owned.accountName };
  const assessed = await assessAsk(db, device, { kind: t.kind, url: t.url, user: t.user }, now);
  if (!assessed) return { state: 'expired' };
  const { decision, refusal } = assessed;
  if (decision.decision === 'ALLOW') return { state: 'allowed', url: t.url, reason: '', cannotAsk: null };

  let reason: string;
  const by = decision.decidedBy;
  if (by === 'locked') {
    const names = decision.lockedCategories.map((id) => categoryById(id)?.name ?? '').filter(Boolean);
    reason = BLOCK_PAGE_MSG.locked(names.join(', ') || 'this subject');
  } else if (by === 'default') {
    reason = BLOCK_PAGE_MSG.byDefault(account.name);
  } else {
    const who = whoOf(by.scope, account.name);
    const s = by.subject;
    reason =
      s.kind === 'category'
        ? BLOCK_PAGE_MSG.byCategory(who, categoryById(s.id)?.name ?? 'this subject')
        : s.kind === 'website_group'
          ? BLOCK_PAGE_MSG.byGroup(who, s.name ?? '')
          : s.kind === 'media'
            ? BLOCK_PAGE_MSG.byMedia(who)
            : BLOCK_PAGE_MSG.byWebsite(who);
  }
  let cannotAsk: string | null =
    refusal === 'locked' ? BLOCK_PAGE_MSG.cannotAskLocked : refusal === 'disabled' ? BLOCK_PAGE_MSG.cannotAskOff : null;
  if (cannotAsk === null && (await preventingThread(db, t.a, assessed.subject)) !== null)
    cannotAsk = BLOCK_PAGE_MSG.cannotAskPrevented;
  return { state: 'blocked', url: t.url, reason, cannotAsk };
}

/**
 * The page's "Ask for access": a request through POST /requests' own service; null (and nothing written)
 * when the ticket's device is not its account's.
 */
export async function askFromPage(db: Db, t: Ticket, notes: string, now: Date): Promise<AgentRequestStatus | null> {
  const owned = await ticketDevice(db, t);
  if (!owned) return null;
  const r = await receiveRequest(
    db,
    owned.device,
    {
      request_id: `bp-${t.i}`,
      kind: t.kind,
      url: t.url,
      title: t.media?.title ?? '',
      notes,
      ...(t.user ? { user: t.user } : {}),
      ...(t.media ? { media: { type: t.media.type, title: t.media.title, thumbnail: '', description: '' } } : {}),
    },
    now,
  );
  return r.status;
}
