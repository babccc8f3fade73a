/**
 * A node's websites or media page kept while nothing it shows changed (docs/decisions/lists.md
 * "List answers and kept rules by version (session 11)"): the account's rules version (which every change to the rules,
 * websites and groups moves: migration 0018), the node as its chain names it (its user and connection, the account's
 * time zone and default), and the clock: a page is kept only until its rows' decisions could change with time
 * (service.ts decidedUntil: the end of the minute when a schedule decides a row, a rule's expiry). The node is read
 * each time (it carries the version). Pages chosen by an access filter (decided over the whole list), read in a
 * transaction or without a version are built each time.
 */
import type { MediaListQuery, WebsitesListQuery } from '@wayguard/contracts';
import { isPooled, type Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { loadNode } from '../../lib/web-access/nodes.js';
import { listNodeItemsOf } from './service.js';

const MAX_BYTES = 16 * 1024 * 1024;
const kept = new Map<string, { stamp: string; until: number; body: Buffer }>();
let keptBytes = 0;

function keep(key: string, entry: { stamp: string; until: number; body: Buffer }) {
  const old = kept.get(key);
  if (old) keptBytes -= old.body.length;
  kept.delete(key);
  if (entry.body.length > MAX_BYTES / 8) return;
  while (keptBytes + entry.body.length > MAX_BYTES) {
    const [oldest, value] = kept.entries().next().value as [string, { body: Buffer }];
    keptBytes -= value.body.length;
    kept.delete(oldest);
  }
  kept.set(key, entry);
  keptBytes += entry.body.length;
}

/** The node's list page as the JSON bytes to send. */
export async function listNodeItemsAnswer(
  db: Db,
  a: Actor,
  kind: 'website' | 'media',
  q: WebsitesListQuery | MediaListQuery,
  now = new Date(),
): Promise<Buffer> {
  const node = await loadNode(db, a.accountId, q.type, q.id);
  const build = async () => listNodeItemsOf(db, node, kind, q, now);
  const filtered = 'access_filters' in q && (q.access_filters?.length ?? 0) > 0;
  if (node.rulesVersion === undefined || filtered || !isPooled(db))
    return Buffer.from(JSON.stringify((await build()).answer));
  const key = JSON.stringify([a.accountId, kind, q]);
  const requests = q.sort_by === 'managed' ? node.requestsVersion : null;
  const stamp = JSON.stringify([node.rulesVersion, requests, node.chain, node.timeZone, node.defaultMode]);
  const hit = kept.get(key);
  if (hit && hit.stamp === stamp && now.getTime() < hit.until) {
    kept.delete(key);
    kept.set(key, hit);
    return hit.body;
  }
  const { answer, until } = await build();
  const body = Buffer.from(JSON.stringify(answer));
  keep(key, { stamp, until, body });
  return body;
}
