/**
 * The demo's website and media requests (issue 11), made as the device API makes them: each ask goes
 * through domain/requests/threads.ts `addAsk` (so several pupils or devices asking for one site make one
 * thread), then decided threads get their state. The counts per state and status are the dashboard's
 * (registration tests): website pending 7 (admin) and 2 (tech), approved 5, denied 3 and 1 (tech);
 * media pending 4 and 1, approved 2, denied 2; Riverside one pending website request. Some threads
 * have several asks, two approvals are time-boxed (one ends within 48 hours), one denial prevents
 * further requests, and the denial with the provider's team was reviewed.
 *
 * Decided threads are made first: a pending thread of the same site would otherwise take their asks.
 * `linkDemoRequestWebsites` runs after the web-access seed: it points each thread at its `websites` row
 * (an approved one at the row its rule allows).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { addAsk, requestSubject, subjectWebsiteRow, type RequesterKind } from '../domain/requests/threads.js';
import type { AgentDevice } from '../domain/devices/agent-device.js';
import { mediaThumbnail } from './demo-media.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Device = AgentDevice & { name: string };
type Pupil = { id: number; username: string; type: RequesterKind };

export type DemoRequestsInput = {
  now: Date;
  northfieldId: number;
  riversideId: number;
  devices: Device[];
  riversideDevice: Device;
  pupils: Pupil[];
  riversideUser: Pupil;
};

const SITES = [
  'wikipedia.org',
  'bbc.co.uk/bitesize',
  'scratch.mit.edu',
  'khanacademy.org',
  'nationalgeographic.com',
  'duolingo.com',
  'coolmathgames.com',
  'chess.com',
  'desmos.com',
  'canva.com',
  'reddit.com',
  'twitch.tv',
];
const NOTES = [
  'Needed for homework',
  'Our teacher set a project on this site',
  'For the science fair research',
  null,
  'Revision for the maths test on Friday',
  null,
];

/** The videos pupils ask for: each with a title and a preview (a generated picture), as a real ask carries. */
const VIDEOS = [
  'How volcanoes work',
  'The water cycle explained',
  'Photosynthesis in five minutes',
  'Fractions for beginners',
  'The solar system to scale',
  'What is DNA?',
  'States of matter',
  'Simple electric circuits',
  'Plate tectonics for kids',
  'The Romans in Britain',
  'Forces and motion',
  'How plants grow from seeds',
];
/** What a pupil's ask says of a video: its type, title, preview picture and description. */
export function demoVideo(title: string) {
  return {
    type: 'video' as const,
    title,
    thumbnail: mediaThumbnail(title, 'video', 'www.youtube.com'),
    description: 'A video a pupil found for a lesson.',
  };
}

type State = 'pending' | 'approved' | 'denied';
const PLAN: [kind: 'website' | 'media', state: State, status: 'admin' | 'tech', n: number][] = [
  ['website', 'pending', 'admin', 7],
  ['website', 'pending', 'tech', 2],
  ['website', 'approved', 'admin', 5],
  ['website', 'denied', 'admin', 3],
  ['website', 'denied', 'tech', 1],
  ['media', 'pending', 'admin', 4],
  ['media', 'pending', 'tech', 1],
  ['media', 'approved', 'admin', 2],
  ['media', 'denied', 'admin', 2],
];

export async function seedDemoRequests(tx: DbOrTx, o: DemoRequestsInput): Promise<void> {
  const { now } = o;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const items: { k: number; kind: 'website' | 'media'; state: State; status: 'admin' | 'tech'; nth: number }[] = [];
  let k = 0;
  for (const [kind, state, status, n] of PLAN)
    for (let i = 0; i < n; i++, k++) items.push({ k, kind, state, status, nth: i });
  // Decided first (see above), then the pending ones.
  items.sort((a, b) => Number(a.state === 'pending') - Number(b.state === 'pending') || a.k - b.k);
  let clientId = 0;
  for (const it of items) {
    const url =
      it.kind === 'media' ? `https://www.youtube.com/watch?v=demo${it.k}` : `https://${SITES[it.k % SITES.length]!}`;
    const subject = requestSubject(it.kind, url)!;
    const title = it.kind === 'media' ? VIDEOS[it.k % VIDEOS.length]! : SITES[it.k % SITES.length]!;
    const media = it.kind === 'media' ? demoVideo(title) : undefined;
    // Several asks: the first pending website thread from three pupils on three PCs, the second from two
    // pupils sharing one PC, the first pending media thread from two pupils; the others one ask each.
    const asks =
      it.state !== 'pending'
        ? 1
        : it.kind === 'website' && it.status === 'admin'
          ? ([3, 2][it.nth] ?? 1)
          : it.kind === 'media' && it.status === 'admin' && it.nth === 0
            ? 2
            : 1;
    let requestId = 0;
    for (let j = 0; j < asks; j++) {
      const device = o.devices[(it.k + (it.nth === 1 && it.kind === 'website' ? 0 : j)) % 9]!;
      const pupil = o.pupils[(it.k + j) % o.pupils.length]!;
      const r = await addAsk(tx, {
        accountId: o.northfieldId,
        subject,
        website: null,
        url,
        title,
        device,
        requester: { kind: pupil.type, id: pupil.id, name: pupil.username },
        notes: NOTES[(it.k + j) % NOTES.length] ?? null,
        clientRequestId: `demo-${++clientId}`,
        media,
        at: ago((it.k + 1) * 3 * HOUR - j * 20 * 60_000),
      });
      requestId = r.requestId;
    }
    if (it.state === 'pending') {
      if (it.status === 'tech')
        await tx.execute(sql`UPDATE access_requests SET status = 'tech', review_requested = true,
          review_notes = 'Please check this site for us', reason = 'Not suitable for school use',
          review_requested_at = ${ago((it.k + 1) * HOUR).toISOString()}, review_requested_by = 'Alex Morgan'
          WHERE id = ${requestId}`);
      continue;
    }
    const processedAt = ago(it.k * HOUR).toISOString();
    const approved = it.state === 'approved';
    // Two website approvals are time-boxed: one ends within two days (the 'expiring' filter), one in a week.
    const expiresAt =
      approved && it.kind === 'website' && it.nth < 2
        ? new Date(now.getTime() + (it.nth === 0 ? 20 * HOUR : 7 * DAY))
        : null;
    const prevent = it.state === 'denied' && it.status === 'admin' && it.kind === 'website' && it.nth === 0;
    const reviewed = it.state === 'denied' && it.status === 'tech';
    await tx.execute(sql`UPDATE access_requests SET state = ${it.state}, status = ${it.status},
      processed_at = ${processedAt}, processor_name = ${reviewed ? 'Wayguard Team' : 'Alex Morgan'},
      reason = ${it.state === 'denied' ? 'Not suitable for school use' : null},
      expires_at = ${expiresAt?.toISOString() ?? null}, prevent_requests = ${prevent}, reviewed = ${reviewed},
      review_requested = ${reviewed}, review_notes = ${reviewed ? 'It is for a class project' : null},
      review_requested_at = ${reviewed ? processedAt : null}, review_requested_by = ${reviewed ? 'Alex Morgan' : null}
      WHERE id = ${requestId}`);
  }
  const rf = o.riversideUser;
  const subject = requestSubject('website', 'https://riverside-marker.example')!;
  await addAsk(tx, {
    accountId: o.riversideId,
    subject,
    website: null,
    url: 'https://riverside-marker.example',
    title: 'RIVERSIDE-MARKER site',
    device: o.riversideDevice,
    requester: { kind: rf.type, id: rf.id, name: 'kid' },
    notes: null,
    clientRequestId: 'demo-riverside-1',
    at: ago(2 * HOUR),
  });
}

/** Points each demo thread at its `websites` row: an approved one at the row its rule allows. */
export async function linkDemoRequestWebsites(tx: DbOrTx, accountIds: number[]): Promise<void> {
  for (const accountId of accountIds) {
    await tx.execute(sql`UPDATE access_requests r SET website_id = w.subject_id
      FROM web_access_rules w WHERE w.account_id = ${accountId} AND w.request_id = r.id AND w.subject_kind IN ('website', 'media')
        AND r.account_id = ${accountId}`);
    const open = await tx.execute<{ id: number; kind: 'website' | 'media'; website: string; title: string }>(
      sql`SELECT id, kind, website, title FROM access_requests WHERE account_id = ${accountId} AND website_id IS NULL ORDER BY id`,
    );
    for (const r of open.rows) {
      const s = requestSubject(r.kind, r.website);
      if (!s) continue;
      const row = await subjectWebsiteRow(tx, accountId, s, {
        url: r.website,
        media: r.kind === 'media' ? demoVideo(r.title) : undefined,
      });
      await tx.execute(sql`UPDATE access_requests SET website_id = ${row.id}, category_id = ${row.categoryId}
        WHERE account_id = ${accountId} AND id = ${r.id}`);
    }
  }
}
