/**
 * What an administrator manages at a node (issue 26, docs/decisions/web-access.md
 * "What a node's lists show first (issue 26)"): the websites or media items with a rule at the node itself, and those
 * asked for from it (requests). The websites and media lists' 'managed' order shows these two parts first.
 *
 * Both are read from indexes that lead with the node: the rules by `web_access_rules_scope_idx`, a
 * device's asks by `access_request_asks_device_idx`, a server or local user's by
 * `access_request_asks_requester_idx`, the account's pending threads by
 * `access_requests_account_requested_idx`. Each part is capped (PART_MAX, the most recent asks first) so
 * that a page never reads more than that many ids, whatever the size of the account.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chainArrays, type WebNode } from './nodes.js';

/** Ids each part holds at most: the rules at the node, the subjects most recently asked for. */
export const PART_MAX = 2_000;

export type ManagedParts = { rules: number[]; requests: number[] };

function requestedSql(node: WebNode, kind: 'website' | 'media') {
  const v = node.view;
  const thread = sql`r.account_id = a.account_id AND r.id = a.request_id AND r.kind = ${kind} AND r.website_id IS NOT NULL`;
  if (v.kind === 'device')
    return sql`SELECT r.website_id AS id, max(a.asked_at) AS at FROM access_request_asks a JOIN access_requests r
      ON ${thread} WHERE a.account_id = ${node.accountId} AND a.device_id = ${v.id} GROUP BY r.website_id`;
  if (v.kind === 'user')
    return sql`SELECT r.website_id AS id, max(a.asked_at) AS at FROM access_request_asks a JOIN access_requests r
      ON ${thread} WHERE a.account_id = ${node.accountId}
      AND a.requester_kind = ${v.user_kind === 'console' ? 'user' : v.user_kind === 'local' ? 'local_user' : 'server_user'}
      AND a.requester_id = ${v.id} GROUP BY r.website_id`;
  // The account: its threads waiting for an administrator, newest first.
  return sql`SELECT r.website_id AS id, r.requested_at AS at FROM access_requests r
    WHERE r.account_id = ${node.accountId} AND r.kind = ${kind} AND r.state = 'pending' AND r.status = 'admin'
      AND r.website_id IS NOT NULL ORDER BY r.requested_at DESC, r.id DESC LIMIT ${PART_MAX}`;
}

/** The node's two parts; the request part leaves out what the rule part holds. */
export async function managedParts(db: DbOrTx, node: WebNode, kind: 'website' | 'media'): Promise<ManagedParts> {
  const c = chainArrays([node.view]);
  const [rules, asked] = await Promise.all([
    db.execute<{ id: number }>(sql`SELECT r.subject_id AS id FROM web_access_rules r
      WHERE r.account_id = ${node.accountId} AND r.scope_kind = ${c.kinds[0]} AND r.user_kind = ${c.userKinds[0]}
        AND r.scope_id = ${c.ids[0]} AND r.subject_kind = ${kind}
      ORDER BY r.subject_id LIMIT ${PART_MAX}`),
    db.execute<{ id: number }>(
      sql`SELECT q.id FROM (${requestedSql(node, kind)}) q ORDER BY q.at DESC, q.id LIMIT ${PART_MAX}`,
    ),
  ]);
  const ruleIds = rules.rows.map((r) => r.id);
  const taken = new Set(ruleIds);
  return { rules: ruleIds, requests: asked.rows.map((r) => r.id).filter((id) => !taken.has(id)) };
}
