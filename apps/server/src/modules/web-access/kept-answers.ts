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
import type { Actor } from '../../domain/access/actor.js';
import { createStamped } from '../../lib/kept/stamped.js';
import { loadNode } from '../../domain/web-access/nodes.js';
import { listNodeItemsOf } from './service.js';

const kept = createStamped<{ body: Buffer; until: number }>({
  kept: 'web-access-pages',
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (a) => a.body.length,
  untilOf: (a) => a.until,
});

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
  const built = await kept.at(
    key,
    stamp,
    async () => {
      const { answer, until } = await build();
      return { body: Buffer.from(JSON.stringify(answer)), until };
    },
    now.getTime(),
  );
  return built.body;
}
