/**
 * The demo's web access (seed/demo-web-access.ts) as seeded: websites and media of both accounts, the
 * website groups, rules at every scope that refer to rows of their own account, no allowed locked
 * category, every rule valid as contracts reads it, the approved requests' rules, the school-hours
 * schedule, the expiring allow, and the accounts' time zones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, LOCKED_CATEGORY_IDS, webAccessRule, type WebAccessRule } from '@wayguard/contracts';
import { createSeededTestDb, type TestDb } from '../test/db.js';
import { DEMO_TIME_ZONES, DEMO_WEBSITE_COUNTS } from './demo-web-access.js';
import { NORTHFIELD_MEDIA, RIVERSIDE_MEDIA } from './demo-media.js';

let t: TestDb;
let nf: number;
let rf: number;
beforeAll(async () => {
  t = await createSeededTestDb();
  const a = await t.pool.query<{ id: number; name: string }>(`SELECT id, name FROM accounts`);
  nf = a.rows.find((r) => r.name === 'Northfield Academy')!.id;
  rf = a.rows.find((r) => r.name === 'Riverside Family')!.id;
});
afterAll(async () => t.pool.end());

type Rule = {
  id: number;
  account_id: number;
  scope_kind: 'account' | 'connection' | 'user' | 'device';
  user_kind: '' | 'console' | 'server' | 'local';
  scope_id: number;
  subject_kind: 'category' | 'website' | 'media' | 'website_group';
  subject_id: number;
  action: 'ALLOW' | 'BLOCK';
  schedule: WebAccessRule['schedule'];
  expires_at: Date | null;
  source_kind: 'admin' | 'request';
  request_id: number | null;
  created_by_id: number | null;
  created_by_name: string;
  pattern: string | null;
  match_mode: 'includes' | 'starts_with' | 'ends_with' | 'exact' | null;
};
const rules = async (accountId?: number) =>
  (
    await t.pool.query<Rule>(
      `SELECT r.*, w.pattern, w.match_mode FROM web_access_rules r
         LEFT JOIN websites w ON r.subject_kind IN ('website', 'media') AND w.id = r.subject_id
        WHERE $1::int IS NULL OR r.account_id = $1 ORDER BY r.id`,
      [accountId ?? null],
    )
  ).rows;

const scopeCounts = (list: Rule[]) => {
  const out: Record<string, number> = {};
  for (const r of list) {
    const k = r.scope_kind === 'user' ? `user:${r.user_kind}` : r.scope_kind;
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
};

describe('demo web access', () => {
  it('sets both accounts’ time zones', async () => {
    const r = await t.pool.query<{ id: number; time_zone: string }>(`SELECT id, time_zone FROM accounts`);
    expect(r.rows.find((a) => a.id === nf)!.time_zone).toBe(DEMO_TIME_ZONES.northfield);
    expect(r.rows.find((a) => a.id === rf)!.time_zone).toBe(DEMO_TIME_ZONES.riverside);
  });

  it('gives each account its websites and media items', async () => {
    const r = await t.pool.query<{ account_id: number; kind: string; n: number; categorised: number }>(
      // Rows made for the demo's requests (demo-requests.ts: custom rows of a thread's subject) aside.
      `SELECT account_id, kind, count(*)::int AS n, count(*) FILTER (WHERE category_id <> 90)::int AS categorised
         FROM websites w WHERE NOT (is_custom AND EXISTS (SELECT 1 FROM access_requests r WHERE r.website_id = w.id))
         GROUP BY account_id, kind`,
    );
    const count = (a: number, kind: string) => r.rows.find((x) => x.account_id === a && x.kind === kind);
    expect(count(nf, 'website')?.n).toBe(DEMO_WEBSITE_COUNTS.northfield);
    expect(count(rf, 'website')?.n).toBe(DEMO_WEBSITE_COUNTS.riverside);
    expect(count(nf, 'media')?.n).toBe(NORTHFIELD_MEDIA.length);
    expect(count(rf, 'media')?.n).toBe(RIVERSIDE_MEDIA.length);
    expect(count(nf, 'website')!.categorised).toBeGreaterThan(1_500);
    const modes = await t.pool.query<{ match_mode: string }>(
      `SELECT DISTINCT match_mode FROM websites WHERE account_id = $1 AND kind = 'website' ORDER BY 1`,
      [nf],
    );
    expect(modes.rows.map((m) => m.match_mode)).toEqual(['ends_with', 'exact', 'starts_with']);
  });

  it('makes Northfield’s three website groups, each with members of its own account', async () => {
    const r = await t.pool.query<{ account_id: number; name: string; members: number; foreign: number }>(
      `SELECT g.account_id, g.name, count(m.website_id)::int AS members,
              count(*) FILTER (WHERE w.account_id <> g.account_id OR m.account_id <> g.account_id)::int AS foreign
         FROM website_groups g
         JOIN website_group_members m ON m.group_id = g.id
         JOIN websites w ON w.id = m.website_id
        GROUP BY g.id ORDER BY g.id`,
    );
    expect(r.rows.filter((g) => g.account_id === nf).map((g) => g.name)).toEqual([
      'Homework sites',
      'Exam season blocks',
      'Staff tools',
    ]);
    for (const g of r.rows) {
      expect(g.members, g.name).toBeGreaterThan(4);
      expect(g.foreign, g.name).toBe(0);
    }
  });

  it('makes rules at every scope', async () => {
    expect(scopeCounts(await rules(nf))).toEqual({
      account: 20,
      connection: 7,
      'user:console': 3,
      'user:server': 6,
      'user:local': 2,
      device: 11,
    });
    expect(scopeCounts(await rules(rf))).toEqual({ account: 9, 'user:local': 5, 'user:console': 1, device: 2 });
  });

  it('never allows a locked category, and names only categories of the catalogue', async () => {
    const all = await rules();
    const ids = new Set(CATEGORIES.map((c) => c.id));
    const categoryRules = all.filter((r) => r.subject_kind === 'category');
    expect(categoryRules.filter((r) => !ids.has(r.subject_id))).toEqual([]);
    expect(categoryRules.filter((r) => r.action === 'ALLOW' && LOCKED_CATEGORY_IDS.has(r.subject_id))).toEqual([]);
  });

  it('refers only to scopes and subjects of the rule’s own account', async () => {
    const r = await t.pool.query<{ id: number }>(`
      SELECT r.id FROM web_access_rules r WHERE NOT CASE
        WHEN r.scope_kind = 'account' THEN r.scope_id = 0 AND r.user_kind = ''
        WHEN r.scope_kind = 'connection' THEN r.user_kind = '' AND EXISTS
          (SELECT 1 FROM server_connections c WHERE c.id = r.scope_id AND c.account_id = r.account_id)
        WHEN r.scope_kind = 'device' THEN r.user_kind = '' AND EXISTS
          (SELECT 1 FROM devices d WHERE d.id = r.scope_id AND d.account_id = r.account_id)
        WHEN r.user_kind = 'console' THEN EXISTS
          (SELECT 1 FROM users u WHERE u.id = r.scope_id AND u.account_id = r.account_id)
        WHEN r.user_kind = 'server' THEN EXISTS (SELECT 1 FROM server_users s
          WHERE s.id = r.scope_id AND s.account_id = r.account_id AND s.type = 'server_user')
        WHEN r.user_kind = 'local' THEN EXISTS (SELECT 1 FROM server_users s
          WHERE s.id = r.scope_id AND s.account_id = r.account_id AND s.type = 'local_user')
        ELSE false END
      OR NOT CASE
        WHEN r.subject_kind = 'category' THEN true
        WHEN r.subject_kind = 'website_group' THEN EXISTS
          (SELECT 1 FROM website_groups g WHERE g.id = r.subject_id AND g.account_id = r.account_id)
        ELSE EXISTS (SELECT 1 FROM websites w
          WHERE w.id = r.subject_id AND w.account_id = r.account_id AND w.kind = r.subject_kind)
        END`);
    expect(r.rows).toEqual([]);
  });

  it('makes every rule valid as contracts reads it, made by an administrator of its account', async () => {
    const admins = await t.pool.query<{ account_id: number; name: string; id: number }>(
      `SELECT account_id, id, first_name || ' ' || last_name AS name FROM users WHERE type = 'console_admin'`,
    );
    const all = await rules();
    expect(all.length).toBeGreaterThan(60);
    for (const r of all) {
      const rule = {
        id: r.id,
        scope:
          r.scope_kind === 'account'
            ? { kind: 'account' }
            : r.scope_kind === 'user'
              ? { kind: 'user', user_kind: r.user_kind, id: r.scope_id }
              : { kind: r.scope_kind, id: r.scope_id },
        subject:
          r.subject_kind === 'website'
            ? { kind: 'website', id: r.subject_id, pattern: r.pattern, match: r.match_mode }
            : { kind: r.subject_kind, id: r.subject_id },
        action: r.action,
        schedule: r.schedule,
        expires_at: r.expires_at?.toISOString() ?? null,
        source: r.source_kind === 'request' ? { kind: 'request', request_id: r.request_id } : { kind: 'admin' },
        created_by: r.created_by_name,
      };
      const parsed = webAccessRule.safeParse(rule);
      expect(parsed.success, `${JSON.stringify(rule)} ${parsed.error?.message}`).toBe(true);
      const by = admins.rows.find((a) => a.account_id === r.account_id && a.name === r.created_by_name);
      expect(by, `rule ${r.id} by ${r.created_by_name}`).toBeDefined();
      expect(r.created_by_id).toBe(by!.id);
    }
  });

  it('allows each approved website request on its device, as approved by its processor', async () => {
    const approved = await t.pool.query<{ id: number; device_id: number; processor_name: string }>(
      `SELECT id, device_id, processor_name FROM access_requests
        WHERE account_id = $1 AND kind = 'website' AND state = 'approved' ORDER BY id`,
      [nf],
    );
    expect(approved.rows.length).toBeGreaterThan(0);
    const fromRequests = (await rules()).filter((r) => r.source_kind === 'request');
    expect(
      fromRequests.map((r) => [r.request_id, r.scope_kind, r.scope_id, r.action, r.subject_kind, r.created_by_name]),
    ).toEqual(approved.rows.map((a) => [a.id, 'device', a.device_id, 'ALLOW', 'website', a.processor_name]));
  });

  it('blocks games in school hours, and lets an allow run out in three days', async () => {
    const nfRules = await rules(nf);
    const games = CATEGORIES.find((c) => c.key === 'games')!.id;
    const gamesBlock = nfRules.find(
      (r) => r.scope_kind === 'account' && r.subject_kind === 'category' && r.subject_id === games,
    );
    expect(gamesBlock).toMatchObject({
      action: 'BLOCK',
      schedule: { windows: [1, 2, 3, 4, 5].map((day) => ({ day, from_minute: 510, to_minute: 930 })) },
    });
    // The time-boxed approvals of requests (demo-requests.ts) aside.
    const expiring = nfRules.filter((r) => r.expires_at !== null && r.source_kind === 'admin');
    expect(expiring).toHaveLength(1);
    expect(expiring[0]).toMatchObject({ action: 'ALLOW', scope_kind: 'device', pattern: 'coolmathgames.com' });
    const left = new Date(expiring[0]!.expires_at!).getTime() - Date.now();
    expect(left).toBeGreaterThan(2.9 * 86_400_000);
    expect(left).toBeLessThan(3.1 * 86_400_000);
  });

  it('blocks the adult content categories, gambling, proxies and VPNs for the whole school', async () => {
    const blocked = (await rules(nf))
      .filter((r) => r.scope_kind === 'account' && r.subject_kind === 'category' && r.action === 'BLOCK')
      .map((r) => CATEGORIES.find((c) => c.id === r.subject_id)!);
    const keys = new Set(blocked.map((c) => c.key));
    for (const c of CATEGORIES.filter((x) => x.group === 'adult_content')) expect(keys.has(c.key), c.key).toBe(true);
    for (const k of ['gambling', 'proxies_anonymisers', 'vpn_services', 'social_networks'])
      expect(keys.has(k), k).toBe(true);
  });
});
