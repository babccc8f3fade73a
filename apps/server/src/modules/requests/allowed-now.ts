/**
 * Pending threads nothing blocks now (issue 26; docs/decisions/requests.md
 * "Requests for sites nothing blocks (issue 26)"): for a list page's pending website and media threads, what the one
 * web-access resolver decides for the thread's address along its asking device's chain (the device's policy), and its
 * explanation when it allows it. One pass for the page: the threads' subjects, the devices' nodes, the addresses'
 * categories and the chains' rules are each read once for all rows (domain/web-access decideAddresses).
 */
import type { RequestItem, RequestsListQuery } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { decideAddresses } from '../../domain/web-access/decide-address.js';
import { explainDecision } from '../../domain/web-access/explain.js';
import { loadDeviceNodes } from '../../domain/web-access/nodes.js';
import { pendingSubjects } from './repository.js';

/**
 * The period a requests list answer is kept within: a pending list's markers move with the clock (a
 * rule's schedule window or expiry) and with what bumps no list version (the account's default mode, a
 * device's main user), so its answer is kept within the current minute only; other lists need none.
 */
export function allowedNowPeriod(q: Pick<RequestsListQuery, 'state'>, now: Date): string | undefined {
  return q.state === 'pending' ? String(Math.floor(now.getTime() / 60_000)) : undefined;
}

type Subject = {
  id: number;
  kind: 'website' | 'media';
  subject_key: string;
  website_id: number | null;
  device_id: number;
};

/** A thread's subject key as an address: a website's host, a media item's host + path. */
function addressOf(s: Subject): { host: string; path: string } {
  if (s.kind === 'website') return { host: s.subject_key, path: '/' };
  const slash = s.subject_key.indexOf('/');
  return slash < 0
    ? { host: s.subject_key, path: '/' }
    : { host: s.subject_key.slice(0, slash), path: s.subject_key.slice(slash) };
}

/** The page's items with `allowed_now` set on the pending threads their device's access allows now. */
export async function withAllowedNow(
  db: DbOrTx,
  accountId: number,
  items: RequestItem[],
  now: Date,
): Promise<RequestItem[]> {
  const pending = items.filter((i) => i.state === 'pending').map((i) => i.id);
  if (pending.length === 0) return items;
  const subjects = await pendingSubjects(db, accountId, pending);
  const nodes = await loadDeviceNodes(
    db,
    accountId,
    subjects.map((s) => s.device_id),
  );
  const asked = subjects.flatMap((s) => {
    const node = nodes.get(s.device_id);
    return node ? [{ s, node }] : [];
  });
  const first = asked[0]?.node;
  if (!first) return items;
  const decided = await decideAddresses(
    db,
    first,
    asked.map(({ s, node }) => ({
      chain: node.chain,
      address: addressOf(s),
      mediaId: s.kind === 'media' ? s.website_id : null,
    })),
    now,
  );
  const because = new Map<number, string>();
  asked.forEach(({ s, node }, i) => {
    const { decision } = decided[i]!;
    if (decision.decision === 'ALLOW')
      because.set(s.id, explainDecision(decision, { view: node.view, timeZone: node.timeZone }));
  });
  return items.map((item) => {
    const text = because.get(item.id);
    return text === undefined ? item : { ...item, allowed_now: { allowed: true, because: text } };
  });
}
