/**
 * The demo's web access (issue 10; docs/design/policy.md 'Model'): websites (the hand-written well-known
 * sites and real hosts of third-party-web), media items, website groups and rules at every scope, for
 * both demo accounts, and the accounts' time zones (schedules are read on their wall clock).
 *
 * Northfield Academy, a school: adult content, gambling and filter avoidance blocked for everyone,
 * games blocked in school hours, social networks blocked except for staff, video and chat blocked for
 * the domain's pupils (with a few learning videos allowed), rules for some pupils and lab PCs, an
 * allow that runs out in 3 days, and the allows of the demo's approved website requests.
 * Riverside Family: the family's children's rules (a bedtime for games, social networks blocked).
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  CATEGORIES,
  normaliseWebsitePattern,
  splitUrl,
  UNCATEGORISED_CATEGORY_ID,
  type MatchMode,
  type WeeklySchedule,
} from '@wayguard/contracts';
import type { DbOrTx } from '../db/client.js';
import {
  accessRequests,
  accounts,
  webAccessRules,
  websiteGroupMembers,
  websiteGroups,
  websites,
} from '../db/schema/index.js';
import { NORTHFIELD_MEDIA, RIVERSIDE_MEDIA, mediaRows } from './demo-media.js';
import { catalogueHosts, KNOWN_SITES, websiteRows, type WebsiteInsert } from './web-catalogue.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many websites (kind 'website') each demo account gets. */
export const DEMO_WEBSITE_COUNTS = { northfield: 2_500, riverside: 300 } as const;
export const DEMO_TIME_ZONES = { northfield: 'Europe/London', riverside: 'Europe/Dublin' } as const;

type Ref = { id: number; accountId: number };
export type DemoWebAccessInput = {
  now: Date;
  northfield: { id: number };
  riverside: { id: number };
  devices: { northfield: (Ref & { name: string })[]; riverside: (Ref & { name: string })[] };
  /** Northfield's server connection. */
  connectionId: number;
  serverUsers: (Ref & { username: string; type: 'server_user' | 'local_user' })[];
  consoleUsers: ReadonlyMap<string, Ref & { firstName: string; lastName: string }>;
};

type RuleInsert = typeof webAccessRules.$inferInsert;
type Scope = Pick<RuleInsert, 'scopeKind' | 'userKind' | 'scopeId'>;
type Subject = Pick<RuleInsert, 'subjectKind' | 'subjectId'>;

const ACCOUNT: Scope = { scopeKind: 'account', userKind: '', scopeId: 0 };
const connection = (id: number): Scope => ({ scopeKind: 'connection', userKind: '', scopeId: id });
const device = (id: number): Scope => ({ scopeKind: 'device', userKind: '', scopeId: id });
const consoleUser = (id: number): Scope => ({ scopeKind: 'user', userKind: 'console', scopeId: id });
/** A server user's scope: type 'local_user' is a local user, 'server_user' a server user. */
const serverUser = (u: { id: number; type: 'server_user' | 'local_user' }): Scope => ({
  scopeKind: 'user',
  userKind: u.type === 'local_user' ? 'local' : 'server',
  scopeId: u.id,
});
const category = (id: number): Subject => ({ subjectKind: 'category', subjectId: id });

const categoryIdOf = (key: string) => {
  const c = CATEGORIES.find((x) => x.key === key);
  if (!c) throw new Error(`demo-web-access: category ${key}`);
  return c.id;
};
const groupCategories = (group: string) => CATEGORIES.filter((c) => c.group === group).map((c) => c.id);

/** Weekday windows (Monday-Friday) from `from` to `to`, in minutes after local midnight. */
const weekdays = (from: number, to: number): WeeklySchedule => ({
  windows: [1, 2, 3, 4, 5].map((day) => ({ day, from_minute: from, to_minute: to })),
});
const hm = (h: number, m = 0) => h * 60 + m;

/** Rows keyed by (match mode, pattern) for websites and by url for media, with their ids. */
class Sites {
  private readonly byKey = new Map<string, number>();
  private readonly matchOf = new Map(KNOWN_SITES.map((s) => [s.host, s.match ?? 'ends_with']));

  add(rows: { id: number; kind: string; matchMode: string; pattern: string; url: string }[]) {
    for (const r of rows) this.byKey.set(r.kind === 'media' ? `media ${r.url}` : `${r.matchMode} ${r.pattern}`, r.id);
  }

  /** The id of a website by its address as written in KNOWN_SITES (its match mode from there). */
  website(address: string, match: MatchMode = this.matchOf.get(address) ?? 'ends_with'): Subject {
    const id = this.byKey.get(`${match} ${normaliseWebsitePattern(address, match)}`);
    if (id === undefined) throw new Error(`demo-web-access: website ${address}`);
    return { subjectKind: 'website', subjectId: id };
  }

  find(match: MatchMode, pattern: string): number | undefined {
    return this.byKey.get(`${match} ${pattern}`);
  }

  media(url: string): Subject {
    const id = this.byKey.get(`media ${url}`);
    if (id === undefined) throw new Error(`demo-web-access: media ${url}`);
    return { subjectKind: 'media', subjectId: id };
  }
}

async function insertSites(tx: DbOrTx, rows: WebsiteInsert[], sites: Sites): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    sites.add(
      await tx
        .insert(websites)
        .values(rows.slice(i, i + 500))
        .returning({
          id: websites.id,
          kind: websites.kind,
          matchMode: websites.matchMode,
          pattern: websites.pattern,
          url: websites.url,
        }),
    );
  }
}

/** The account's first `count` websites: the well-known sites, then third-party-web's hosts. */
function accountWebsites(accountId: number, count: number): WebsiteInsert[] {
  const hosts = catalogueHosts().slice(0, count + KNOWN_SITES.length);
  return websiteRows(accountId, [...KNOWN_SITES, ...hosts]).slice(0, count);
}

async function insertGroups(
  tx: DbOrTx,
  accountId: number,
  now: Date,
  groups: { name: string; description: string; members: Subject[] }[],
): Promise<number[]> {
  const rows = await tx
    .insert(websiteGroups)
    .values(
      groups.map((g, i) => ({
        accountId,
        name: g.name,
        description: g.description,
        createdAt: new Date(now.getTime() - (30 - i) * DAY),
      })),
    )
    .returning({ id: websiteGroups.id });
  await tx
    .insert(websiteGroupMembers)
    .values(
      groups.flatMap((g, i) => g.members.map((m) => ({ accountId, groupId: rows[i]!.id, websiteId: m.subjectId }))),
    );
  return rows.map((r) => r.id);
}

/** Rules of one account; of two for the same (subject, scope), the first given is kept. */
async function insertRules(tx: DbOrTx, rules: RuleInsert[]): Promise<void> {
  const seen = new Set<string>();
  const unique = rules.filter((r) => {
    const key = [r.subjectKind, r.subjectId, r.scopeKind, r.userKind, r.scopeId].join(' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length > 0) await tx.insert(webAccessRules).values(unique);
}

export async function seedDemoWebAccess(tx: DbOrTx, o: DemoWebAccessInput): Promise<void> {
  const { now } = o;
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const person = (username: string) => {
    const u = o.consoleUsers.get(username);
    if (!u) throw new Error(`demo-web-access: user ${username}`);
    return { id: u.id, name: `${u.firstName} ${u.lastName}` };
  };
  const byFullName = (name: string) =>
    [...o.consoleUsers.values()].find((u) => `${u.firstName} ${u.lastName}` === name);
  const pupil = (username: string) => {
    const u = o.serverUsers.find((s) => s.username === username);
    if (!u) throw new Error(`demo-web-access: server user ${username}`);
    return u;
  };
  const nfDevice = (name: string) => {
    const d = o.devices.northfield.find((x) => x.name === name);
    if (!d) throw new Error(`demo-web-access: device ${name}`);
    return d.id;
  };

  await tx.update(accounts).set({ timeZone: DEMO_TIME_ZONES.northfield }).where(eq(accounts.id, o.northfield.id));
  await tx.update(accounts).set({ timeZone: DEMO_TIME_ZONES.riverside }).where(eq(accounts.id, o.riverside.id));

  // --- Northfield Academy -------------------------------------------------------------------------------
  const nf = o.northfield.id;
  const nfSites = new Sites();
  await insertSites(
    tx,
    [...accountWebsites(nf, DEMO_WEBSITE_COUNTS.northfield), ...mediaRows(nf, NORTHFIELD_MEDIA)],
    nfSites,
  );

  const w = (address: string) => nfSites.website(address);
  const [homework, exams, staffTools] = await insertGroups(tx, nf, now, [
    {
      name: 'Homework sites',
      description: 'Sites teachers set homework on: allowed for everyone.',
      members: [
        'khanacademy.org',
        'www.bbc.co.uk/bitesize',
        'desmos.com',
        'quizlet.com',
        'senecalearning.com',
        'corbettmaths.com',
        'mymaths.co.uk',
        'thenational.academy',
        'savemyexams.com',
        'physicsandmathstutor.com',
        'wikipedia.org',
        'britannica.com',
        'duolingo.com',
        'scratch.mit.edu',
        'code.org',
      ].map(w),
    },
    {
      name: 'Exam season blocks',
      description: 'Answer sites and translators blocked for pupils during mock exams and GCSEs.',
      members: [
        'chegg.com',
        'brainly.com',
        'photomath.com',
        'coursehero.com',
        'wolframalpha.com',
        'deepl.com',
        'translate.google.com',
      ].map(w),
    },
    {
      name: 'Staff tools',
      description: 'Tools staff use to plan and teach.',
      members: [
        'canva.com',
        'padlet.com',
        'kahoot.com',
        'classroom.google.com',
        'teams.microsoft.com',
        'drive.google.com',
        'onedrive.live.com',
        'wetransfer.com',
        'dropbox.com',
      ].map(w),
    },
  ]);
  const group = (id: number | undefined): Subject => ({ subjectKind: 'website_group', subjectId: id! });

  const alex = person('admin');
  const morgan = person('mfaadmin');
  const rule = (
    scope: Scope,
    subject: Subject,
    action: 'ALLOW' | 'BLOCK',
    by: { id: number; name: string },
    daysAgo: number,
    extra: Partial<RuleInsert> = {},
  ): RuleInsert => ({
    accountId: nf,
    ...scope,
    ...subject,
    action,
    createdById: by.id,
    createdByName: by.name,
    createdAt: ago(daysAgo * DAY),
    updatedAt: ago(daysAgo * DAY),
    ...extra,
  });

  // The allows of the approved website requests (001 §4), made where the request was made: its device.
  const approved = await tx
    .select()
    .from(accessRequests)
    .where(
      and(eq(accessRequests.accountId, nf), eq(accessRequests.kind, 'website'), eq(accessRequests.state, 'approved')),
    )
    .orderBy(asc(accessRequests.id));
  const requestRules: RuleInsert[] = [];
  for (const r of approved) {
    const at = splitUrl(r.website);
    if (!at) continue;
    const match: MatchMode = at.path === '/' ? 'ends_with' : 'starts_with';
    const pattern = match === 'ends_with' ? at.host : at.host + at.path;
    // A typed 'bbc.co.uk/bitesize' is the list's 'www.bbc.co.uk/bitesize'.
    let id =
      nfSites.find(match, pattern) ?? (match === 'starts_with' ? nfSites.find(match, `www.${pattern}`) : undefined);
    if (id === undefined) {
      const [row] = await tx
        .insert(websites)
        .values(websiteRows(nf, [{ host: pattern, categoryId: UNCATEGORISED_CATEGORY_ID, match }]))
        .returning({ id: websites.id });
      id = row!.id;
    }
    const scope: Scope | null =
      r.deviceId !== null
        ? device(r.deviceId)
        : r.requesterId !== null && r.requesterKind !== null
          ? r.requesterKind === 'user'
            ? consoleUser(r.requesterId)
            : serverUser({ id: r.requesterId, type: r.requesterKind })
          : null;
    if (!scope) continue;
    const processor = (r.processorName && byFullName(r.processorName)) || undefined;
    const at2 = r.processedAt ?? now;
    requestRules.push({
      accountId: nf,
      ...scope,
      subjectKind: 'website',
      subjectId: id,
      action: 'ALLOW',
      sourceKind: 'request',
      requestId: r.id,
      expiresAt: r.expiresAt,
      createdById: processor?.id ?? null,
      createdByName: r.processorName ?? alex.name,
      createdAt: at2,
      updatedAt: at2,
    });
  }

  const dc = connection(o.connectionId);
  const staffLibrary = pupil('staff.library@northfield.local');
  const schoolHours = weekdays(hm(8, 30), hm(15, 30));
  await insertRules(tx, [
    ...requestRules,
    // The whole account.
    ...groupCategories('adult_content').map((id) => rule(ACCOUNT, category(id), 'BLOCK', alex, 60)),
    ...['gambling', 'drugs', 'weapons', 'violence_hate', 'hacking', 'piracy', 'academic_dishonesty'].map((k) =>
      rule(ACCOUNT, category(categoryIdOf(k)), 'BLOCK', alex, 60),
    ),
    ...['proxies_anonymisers', 'vpn_services', 'dns_over_https', 'remote_control'].map((k) =>
      rule(ACCOUNT, category(categoryIdOf(k)), 'BLOCK', alex, 59),
    ),
    rule(ACCOUNT, category(categoryIdOf('games')), 'BLOCK', alex, 45, { schedule: schoolHours }),
    rule(ACCOUNT, category(categoryIdOf('social_networks')), 'BLOCK', alex, 45),
    rule(ACCOUNT, group(homework), 'ALLOW', morgan, 30),
    // Chess club at lunchtime, inside the games block.
    rule(ACCOUNT, w('chess.com'), 'ALLOW', morgan, 20, { schedule: weekdays(hm(12, 15), hm(13)) }),
    rule(ACCOUNT, nfSites.media('https://www.youtube.com/@khanacademy'), 'ALLOW', morgan, 20),
    // The domain's pupils (the server connection).
    rule(dc, category(categoryIdOf('video_streaming')), 'BLOCK', alex, 40),
    rule(dc, category(categoryIdOf('chat')), 'BLOCK', alex, 40),
    rule(dc, group(exams), 'BLOCK', morgan, 10, { schedule: weekdays(hm(8, 45), hm(15, 15)) }),
    ...[
      'https://www.youtube.com/@TEDEd',
      'https://www.youtube.com/@crashcourse',
      'https://www.youtube.com/user/numberphile',
      'https://vimeo.com/northfieldacademy',
    ].map((url) => rule(dc, nfSites.media(url), 'ALLOW', morgan, 12)),
    // Server users: staff and some pupils.
    rule(serverUser(staffLibrary), category(categoryIdOf('social_networks')), 'ALLOW', alex, 35),
    rule(serverUser(staffLibrary), category(categoryIdOf('video_streaming')), 'ALLOW', alex, 35),
    rule(serverUser(staffLibrary), group(staffTools), 'ALLOW', alex, 35),
    rule(serverUser(pupil('year7.ahmed@northfield.local')), w('roblox.com'), 'BLOCK', morgan, 8),
    rule(serverUser(pupil('year10.farah@northfield.local')), category(categoryIdOf('humour')), 'BLOCK', morgan, 6),
    rule(
      serverUser(pupil('year11.george@northfield.local')),
      nfSites.media('https://www.youtube.com/playlist?list=PL8dPuuaLjXtPHzzYuWy6fYEaX9mQQ8oGr'),
      'ALLOW',
      morgan,
      5,
    ),
    // Local users of the lab and library PCs.
    rule(serverUser(pupil('student@NF-LAB01')), category(categoryIdOf('music_radio')), 'BLOCK', alex, 25),
    rule(serverUser(pupil('student@NF-LIBRARY')), category(categoryIdOf('shopping')), 'BLOCK', alex, 25),
    // Console users: the teacher's tablets.
    rule(consoleUser(person('teacher').id), category(categoryIdOf('social_networks')), 'ALLOW', alex, 30),
    rule(consoleUser(person('teacher').id), category(categoryIdOf('video_streaming')), 'ALLOW', alex, 30),
    rule(consoleUser(person('teacher').id), group(staffTools), 'ALLOW', alex, 30),
    // Lab PCs.
    rule(device(nfDevice('NF-LAB-PC01')), category(categoryIdOf('games')), 'BLOCK', alex, 15),
    rule(device(nfDevice('NF-LAB-PC02')), w('coolmathgames.com'), 'ALLOW', morgan, 0.5, {
      expiresAt: new Date(now.getTime() + 3 * DAY),
    }),
    rule(device(nfDevice('NF-LAB-PC03')), w('youtube.com'), 'BLOCK', alex, 15),
    rule(device(nfDevice('NF-LAB-PC06')), category(categoryIdOf('file_sharing')), 'BLOCK', alex, 14),
    rule(device(nfDevice('NF-LAB-PC06')), w('scratch.mit.edu'), 'ALLOW', alex, 14),
    rule(device(nfDevice('Northfield Tablet 1')), category(categoryIdOf('music_radio')), 'ALLOW', alex, 9),
  ]);

  // --- Riverside Family ---------------------------------------------------------------------------------
  const rf = o.riverside.id;
  const rfSites = new Sites();
  await insertSites(
    tx,
    [...accountWebsites(rf, DEMO_WEBSITE_COUNTS.riverside), ...mediaRows(rf, RIVERSIDE_MEDIA)],
    rfSites,
  );
  const [schoolSites] = await insertGroups(tx, rf, now, [
    {
      name: 'School websites',
      description: 'What the children need for school.',
      members: ['www.bbc.co.uk/bitesize', 'topmarks.co.uk', 'ttrockstars.com', 'scratch.mit.edu', 'gov.ie'].map((a) =>
        rfSites.website(a),
      ),
    },
  ]);
  const jordan = person('family');
  const rfRule = (...args: Parameters<typeof rule>): RuleInsert => ({ ...rule(...args), accountId: rf });
  const kid = o.serverUsers.find((u) => u.accountId === rf && u.type === 'local_user');
  if (!kid) throw new Error('demo-web-access: Riverside local user');
  const rfDevice = (kind: string) => {
    const d = o.devices.riverside.find((x) => x.name.includes(kind));
    if (!d) throw new Error(`demo-web-access: Riverside ${kind}`);
    return d.id;
  };
  const bedtime: WeeklySchedule = {
    // Sunday to Thursday nights, 19:30 to 07:00 the next morning.
    windows: [0, 1, 2, 3, 4].map((day) => ({ day, from_minute: hm(19, 30), to_minute: hm(7) })),
  };
  const kidScope = serverUser(kid);
  await insertRules(tx, [
    ...groupCategories('adult_content').map((id) => rfRule(ACCOUNT, category(id), 'BLOCK', jordan, 80)),
    ...['gambling', 'drugs', 'violence_hate', 'vpn_services', 'proxies_anonymisers'].map((k) =>
      rfRule(ACCOUNT, category(categoryIdOf(k)), 'BLOCK', jordan, 80),
    ),
    rfRule(kidScope, category(categoryIdOf('social_networks')), 'BLOCK', jordan, 70),
    rfRule(kidScope, category(categoryIdOf('games')), 'BLOCK', jordan, 70, { schedule: bedtime }),
    rfRule(kidScope, rfSites.website('roblox.com'), 'ALLOW', jordan, 50, {
      schedule: { windows: [0, 6].map((day) => ({ day, from_minute: hm(10), to_minute: hm(18) })) },
    }),
    rfRule(kidScope, { subjectKind: 'website_group', subjectId: schoolSites! }, 'ALLOW', jordan, 50),
    rfRule(kidScope, rfSites.media('https://www.youtube.com/user/minecraft'), 'ALLOW', jordan, 40),
    rfRule(consoleUser(person('riverside-parent').id), category(categoryIdOf('social_networks')), 'ALLOW', jordan, 70),
    rfRule(device(rfDevice('Phone')), category(categoryIdOf('video_streaming')), 'BLOCK', jordan, 30, {
      schedule: {
        windows: [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from_minute: hm(21), to_minute: hm(7) })),
      },
    }),
    rfRule(device(rfDevice('Laptop')), rfSites.media('https://www.instagram.com/natgeokids'), 'ALLOW', jordan, 30),
  ]);
}
