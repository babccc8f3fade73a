/**
 * Block-website requests (001 §2.6, §3 'Block request', §5, §7 GET/POST /requests/block,
 * POST /requests/block/batch) and the website-group lookup (GET /node/web_access/website_groups, ours).
 * A block is a BLOCK rule of the URL's host (its `ends_with` row, made as a custom row when the
 * account has none) at the chosen target: the whole account, a device, a user or a server
 * connection, written through domain/web-access/rule-writer.ts (audited, policies made stale). A target
 * already blocking the site answers AC058, a target not found in the account AC056, an address that
 * cannot be a website row AC057. The person of `notify` gets one "blocked" note per call through the
 * outbox (block-mail.ts); the audit entry keeps their name and e-mail.
 */
import {
  requestErrorText,
  type BlockBatchResponse,
  type BlockItem,
  type BlockLookupsResponse,
  type BlockResult,
  type RequestErrorCode,
  type RuleScope,
  type WebsiteGroupsResponse,
} from '@wayguard/contracts';
import type { z } from 'zod';
import type { blockRequestBody } from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { audit } from '../../domain/access/audit.js';
import { notInAccount } from '../../lib/http-errors.js';
import { enqueueMail } from '../../lib/mailer.js';
import { requestSubject, subjectWebsiteRow } from '../../domain/requests/threads.js';
import { setRule } from '../../domain/web-access/rule-writer.js';
import { chainArrays } from '../../domain/web-access/nodes.js';
import { blockTargetLabel, blockedMail } from './block-mail.js';
import {
  blocksWebsite,
  blockTargets,
  connectionTarget,
  deviceTarget,
  serverUserTarget,
  userTarget,
  websiteGroups,
} from './sql/block.js';

type BlockBody = z.output<typeof blockRequestBody>;
export async function blockLookups(db: Db, a: Actor): Promise<BlockLookupsResponse> {
  const { devices, users, serverUsers, connections } = await blockTargets(db, a.accountId);
  return {
    machines: devices.filter((d) => d.type === 'machine'),
    mobiles: devices.filter((d) => d.type === 'mobile'),
    users,
    server_users: serverUsers,
    server_connections: connections,
  };
}

export async function websiteGroupsOf(db: Db, a: Actor): Promise<WebsiteGroupsResponse> {
  return { groups: await websiteGroups(db, a.accountId) };
}

const TARGET_OF = {
  machine: 'device',
  mobile: 'device',
  user: 'user',
  server_user: 'server_user',
  connection: 'server_connection',
} as const;

/** The rule scope of a target in the account; 404 (as an unknown id) when it is not the account's. */
async function scopeOf(tx: DbOrTx, a: Actor, item: BlockItem | null): Promise<RuleScope> {
  if (item === null) return { kind: 'account' };
  const scope = await findScope(tx, a, item);
  if (!scope) throw notInAccount(TARGET_OF[item.type], item.id, BLOCK_TARGET_NOT_FOUND);
  return scope;
}

const BLOCK_TARGET_NOT_FOUND = 'This device, user or connection could not be found';

async function findScope(tx: DbOrTx, a: Actor, item: BlockItem | null): Promise<RuleScope | null> {
  if (item === null) return { kind: 'account' };
  const id = String(item.id);
  const num = /^\d{1,10}$/.test(id) ? Number(id) : null;
  switch (item.type) {
    case 'machine':
    case 'mobile': {
      const d = await deviceTarget(tx, a.accountId, item.type, id);
      return d ? { kind: 'device', id: d.id, name: d.name } : null;
    }
    case 'user': {
      if (num === null || num > 2_147_483_647) return null;
      const u = await userTarget(tx, a.accountId, num);
      return u ? { kind: 'user', user_kind: 'console', id: u.id, name: u.name } : null;
    }
    case 'server_user': {
      if (num === null || num > 2_147_483_647) return null;
      const u = await serverUserTarget(tx, a.accountId, num);
      return u
        ? { kind: 'user', user_kind: u.type === 'local_user' ? 'local' : 'server', id: u.id, name: u.name }
        : null;
    }
    case 'connection': {
      if (num === null || num > 2_147_483_647) return null;
      const c = await connectionTarget(tx, a.accountId, num);
      return c ? { kind: 'connection', id: c.id, name: c.name } : null;
    }
  }
}

/** Which item types a target kind takes. */
const TYPES_OF: Record<Exclude<BlockBody['for'], 'global'>, readonly BlockItem['type'][]> = {
  device: ['machine', 'mobile'],
  user: ['user', 'server_user'],
  connection: ['connection'],
};

const failed = (code: RequestErrorCode): BlockResult => ({
  success: false,
  error: code,
  message: requestErrorText(code),
});

/** Blocks at one target; a target blocked is added to `blocked` (named as the note names it). */
async function blockAt(
  tx: DbOrTx,
  a: Actor,
  b: BlockBody,
  item: BlockItem | null,
  blocked: string[],
): Promise<BlockResult> {
  if (item && b.for !== 'global' && !TYPES_OF[b.for].includes(item.type)) return failed('AC056');
  const scope = await scopeOf(tx, a, b.for === 'global' ? null : item);
  const subject = requestSubject('website', b.url);
  if (!subject) return failed('AC057');
  const site = await subjectWebsiteRow(tx, a.accountId, subject, { url: b.url });
  const c = chainArrays([scope]);
  if (await blocksWebsite(tx, a.accountId, site.id, { kind: c.kinds[0]!, userKind: c.userKinds[0]!, id: c.ids[0]! }))
    return failed('AC058');
  await setRule(tx, a, {
    scope,
    subject: { kind: 'website', id: site.id },
    rule: 'block',
    schedule: null,
    expiresAt: null,
  });
  await audit(tx, {
    ...byActor(a),
    action: 'request.block_website',
    targetType: 'website',
    targetId: site.id,
    details: {
      url: b.url,
      reason: b.reason,
      for: b.for,
      notify: { name: b.notify.name, email: b.notify.email },
      scope: c,
    },
  });
  blocked.push(blockTargetLabel(scope));
  return { success: true };
}

/** The "blocked" note to notify.email, through the outbox in the block's transaction (none when nothing was blocked). */
async function notifyBlocked(tx: DbOrTx, a: Actor, b: BlockBody, blocked: string[]): Promise<void> {
  if (blocked.length === 0) return;
  await enqueueMail(tx, {
    ...blockedMail({ url: b.url, reason: b.reason, name: b.notify.name, blockedBy: a.name, targets: blocked }),
    to: b.notify.email,
    accountId: a.accountId,
  });
}

const keyOf = (item: BlockItem | null) => (item ? `${item.type}:${item.id}` : 'global');

/** POST /requests/block: one target (the device, the user, the first item, or the whole account). */
export async function blockWebsite(db: Db, a: Actor, b: BlockBody): Promise<BlockResult> {
  const item = b.for === 'global' ? null : (b.device ?? b.user ?? b.items?.[0] ?? null);
  return db.transaction(async (tx) => {
    await requireTargets(tx, a, b);
    const blocked: string[] = [];
    const result = await blockAt(tx, a, b, item, blocked);
    await notifyBlocked(tx, a, b, blocked);
    return result;
  });
}

/** Every target named is the account's (404 otherwise, before anything is written). */
async function requireTargets(tx: DbOrTx, a: Actor, b: BlockBody): Promise<void> {
  for (const item of [b.device, b.user, ...(b.items ?? [])]) if (item) await scopeOf(tx, a, item);
}

/** POST /requests/block/batch: each item (or the whole account), its result keyed '{type}:{id}'. */
export async function blockWebsiteBatch(db: Db, a: Actor, b: BlockBody): Promise<BlockBatchResponse> {
  const items: (BlockItem | null)[] =
    b.for === 'global' ? [null] : [...(b.device ? [b.device] : []), ...(b.user ? [b.user] : []), ...(b.items ?? [])];
  return db.transaction(async (tx) => {
    await requireTargets(tx, a, b);
    const out: BlockBatchResponse = {};
    const blocked: string[] = [];
    for (const item of items) {
      const k = keyOf(item);
      if (k in out) continue;
      out[k] = await blockAt(tx, a, b, item, blocked);
    }
    await notifyBlocked(tx, a, b, blocked);
    return out;
  });
}
