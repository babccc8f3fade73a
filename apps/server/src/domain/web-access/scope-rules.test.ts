/**
 * The kept scope rules (scope-rules.ts) on the demo's web access: a chain's candidates found in memory
 * are exactly those the candidates statement (candidates.ts) finds in SQL, for every website and media
 * item of the account and for visited addresses, on every device's and server user's chain; a kept
 * scope is read again after it is forgotten, or at another rules version; a read that began before a
 * forget, or a scope forgotten in a transaction not yet committed, is not kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { UNCATEGORISED_CATEGORY_ID, type MatchMode, type RuleScope } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { createSeededTestDb, type TestDb } from '../../test/db.js';
import { addGroup, addRule, addWebsite, type RuleSeed } from '../../test/web-access-data.js';
import { candidatesFor, type AddressTarget } from './candidates.js';
import { decideAll } from './decide-all.js';
import { loadDeviceNode, loadNode } from './nodes.js';
import { patternAddress } from './rule-rows.js';
import { chainRulesOf, forgetAccountRules, forgetScopeRules, scopeRules } from './scope-rules.js';

let t: TestDb;
let nf: number;
beforeAll(async () => {
  t = await createSeededTestDb();
  nf = (await t.pool.query<{ id: number }>(`SELECT id FROM accounts WHERE name = 'Northfield Academy'`)).rows[0]!.id;
});
afterAll(async () => t.pool.end());

const idsOf = (rules: readonly { id: number }[]) => rules.map((r) => r.id).sort((a, b) => a - b);

describe('a chain’s candidates in memory', () => {
  it('are those of the candidates statement, for every row and some visited addresses, on every chain', async () => {
    // Beside the demo's rules: every match mode, a group of patterns, a media item and Uncategorised,
    // at the account and at a device.
    const device = (await t.pool.query<{ id: number }>(`SELECT id FROM devices WHERE serial = 'NFPC1001'`)).rows[0]!.id;
    const site = (name: string, match: MatchMode, kind: 'website' | 'media' = 'website') =>
      addWebsite(t.db, nf, { name, match, kind, ...(kind === 'media' ? { mediaType: 'video' } : {}) });
    const inc = await site('tube', 'includes');
    const starts = await site('mail.goo', 'starts_with');
    const exactPath = await site('www.youtube.com/watch?v=x', 'exact');
    const ends = await site('example.org', 'ends_with');
    const media = await site('zqvideo.example/v/1', 'exact', 'media');
    const group = await addGroup(t.db, nf, 'Zq scope rules', [
      await site('c.example.org/pa', 'starts_with'),
      await site('unknown', 'includes'),
    ]);
    const rule = (
      scope: 'account' | 'device',
      subject: RuleSeed['subject'],
      subjectId: number,
      action: 'ALLOW' | 'BLOCK',
    ) => addRule(t.db, nf, { scope, scopeId: scope === 'device' ? device : 0, subject, subjectId, action });
    await rule('account', 'website', inc, 'BLOCK');
    await rule('device', 'website', starts, 'ALLOW');
    await rule('device', 'website', exactPath, 'BLOCK');
    await rule('account', 'website', ends, 'ALLOW');
    await rule('device', 'media', media, 'BLOCK');
    await rule('account', 'website_group', group, 'BLOCK');
    await rule('device', 'website_group', group, 'ALLOW');
    await rule('device', 'category', UNCATEGORISED_CATEGORY_ID, 'BLOCK');
    const rows = (
      await t.pool.query<{ id: number; kind: 'website' | 'media'; pattern: string; category_id: number | null }>(
        // Every row a rule names or a group holds, and a seventh of the others.
        `SELECT id, kind, pattern, category_id FROM websites WHERE account_id = $1 AND (id % 7 = 0
           OR id IN (SELECT subject_id FROM web_access_rules WHERE account_id = $1 AND subject_kind IN ('website', 'media'))
           OR id IN (SELECT website_id FROM website_group_members WHERE account_id = $1)) ORDER BY id`,
        [nf],
      )
    ).rows;
    const targets: AddressTarget[] = rows.map((r) => ({
      ...patternAddress(r.pattern),
      categoryId: r.category_id,
      mediaId: r.kind === 'media' ? r.id : null,
    }));
    const visited = [
      'www.youtube.com/watch?v=x',
      'mail.google.com/',
      'a.b.c.example.org/path',
      'unknown.test/',
      'c.example.org/pa/x',
    ]
      .map((a): AddressTarget => ({
        host: a.slice(0, a.indexOf('/')),
        path: a.slice(a.indexOf('/')),
        categoryId: null,
        mediaId: null,
      }))
      .concat(targets.slice(0, 20).map((x) => ({ ...x, host: `sub.${x.host}`, path: `${x.path}more` })));
    // Devices and server users with rules of their own first (and their users' and connections').
    const devices = (
      await t.pool.query<{ id: number }>(
        `SELECT d.id FROM devices d WHERE d.account_id = $1 ORDER BY EXISTS (SELECT 1 FROM web_access_rules r
           WHERE r.account_id = d.account_id AND r.scope_kind = 'device' AND r.scope_id = d.id) DESC,
           d.user_kind NULLS LAST, d.id LIMIT 6`,
        [nf],
      )
    ).rows;
    const servers = (
      await t.pool.query<{ id: number }>(
        `SELECT su.id FROM server_users su WHERE su.account_id = $1 ORDER BY EXISTS (SELECT 1 FROM web_access_rules r
           WHERE r.account_id = su.account_id AND r.scope_kind = 'user' AND r.scope_id = su.id) DESC, su.id LIMIT 3`,
        [nf],
      )
    ).rows;
    const nodes = [
      ...(await Promise.all(devices.map((d) => loadDeviceNode(t.db, nf, d.id)))),
      ...(await Promise.all(servers.map((s) => loadNode(t.db, nf, 'server_user', String(s.id))))),
    ];
    let withRules = 0;
    for (const node of nodes) {
      const chain = await chainRulesOf(t.db, nf, node!.chain);
      const all = [...targets, ...visited];
      const bySql = await candidatesFor(t.db, nf, node!.chain, all);
      all.forEach((target, i) => {
        const mine = chain.candidates(target);
        expect(mine.target).toEqual({ ...bySql[i]!.target, groups: expect.any(Array) });
        expect([...mine.target.groups].sort()).toEqual([...bySql[i]!.target.groups].sort());
        expect(idsOf(mine.rules)).toEqual(idsOf(bySql[i]!.rules));
        expect(mine.rules.map((r) => r.scope)).toEqual(
          mine.rules.map((r) => bySql[i]!.rules.find((s) => s.id === r.id)!.scope),
        );
        if (mine.rules.length > 0) withRules++;
      });
    }
    // The demo's rules cover many rows (the comparison is not of empty lists).
    expect(withRules).toBeGreaterThan(100);
  });
});

describe('the decisions over the whole list, with the covered rows kept', () => {
  it('decide a rule with an expiry or a schedule at each call', async () => {
    const device = (await t.pool.query<{ id: number }>(`SELECT id FROM devices WHERE serial = 'NFPC1001'`)).rows[0]!.id;
    const node = (await loadDeviceNode(t.db, nf, device))!;
    // The device blocks Games; its allow of one Games site expires in an hour.
    const site = await addWebsite(t.db, nf, { name: 'zqexpiring.example', match: 'ends_with', categoryId: 50 });
    await addRule(t.db, nf, { scope: 'device', scopeId: device, subject: 'category', subjectId: 50, action: 'BLOCK' });
    const until = new Date(Date.now() + 3_600_000);
    await addRule(t.db, nf, {
      scope: 'device',
      scopeId: device,
      subject: 'website',
      subjectId: site,
      action: 'ALLOW',
      expiresAt: until,
    });
    const before = await decideAll(t.db, node, 'website', new Date(until.getTime() - 1_000));
    const after = await decideAll(t.db, node, 'website', new Date(until.getTime() + 1_000));
    expect([before.decided.get(site), after.decided.get(site)]).toEqual(['ALLOW', 'BLOCK']);
  });
});

describe('the kept scope rules', () => {
  const account: RuleScope = { kind: 'account' };
  const website = async () =>
    (await t.pool.query<{ id: number }>(`SELECT id FROM websites WHERE account_id = $1 LIMIT 1`, [nf])).rows[0]!.id;
  const insertRule = async (subjectId: number) =>
    (
      await t.pool.query<{ id: number }>(
        `INSERT INTO web_access_rules (account_id, scope_kind, scope_id, subject_kind, subject_id, action)
         VALUES ($1, 'account', 0, 'website', $2, 'BLOCK')
         ON CONFLICT (account_id, subject_kind, subject_id, scope_kind, user_kind, scope_id) DO UPDATE SET action = 'BLOCK'
         RETURNING id`,
        [nf, subjectId],
      )
    ).rows[0]!.id;
  const removeRule = (id: number) => t.pool.query(`DELETE FROM web_access_rules WHERE id = $1`, [id]);
  const ruleIds = async (db: DbOrTx = t.db) => idsOf((await scopeRules(db, nf, [account]))[0]!.rules);

  it('are read again once forgotten, and not before', async () => {
    forgetAccountRules(nf, { committed: true });
    const before = await ruleIds();
    const id = await insertRule(await website());
    // Written outside the write paths (which forget): the kept rules are answered.
    expect(await ruleIds()).toEqual(before);
    forgetScopeRules(nf, account, { committed: true });
    expect(await ruleIds()).toContain(id);
    await removeRule(id);
    forgetScopeRules(nf, account, { committed: true });
    expect(await ruleIds()).toEqual(before);
  });

  it('are not kept from a read that began before a forget', async () => {
    forgetScopeRules(nf, account, { committed: true });
    const before = await ruleIds();
    forgetScopeRules(nf, account, { committed: true });
    // A read whose statement is answered only after the scope was forgotten (a rule written meanwhile).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = {
      execute: async (q: Parameters<typeof t.db.execute>[0]) => {
        const r = await t.db.execute(q);
        await gate;
        return r;
      },
    } as unknown as DbOrTx;
    const reading = ruleIds(slow);
    await new Promise((r) => setTimeout(r, 50));
    const id = await insertRule(await website());
    forgetScopeRules(nf, account, { committed: true });
    release();
    expect(await reading).toEqual(before);
    expect(await ruleIds()).toContain(id);
    await removeRule(id);
    forgetScopeRules(nf, account, { committed: true });
  });

  it("at the rules version read with the node, are kept while it stands and read again after another process's change", async () => {
    forgetAccountRules(nf, { committed: true });
    let reads = 0;
    const counting = {
      execute: (q: Parameters<typeof t.db.execute>[0]) => {
        reads += 1;
        return t.db.execute(q);
      },
    } as unknown as DbOrTx;
    const versionNow = async () => (await loadNode(t.db, nf, 'machine', 'NFPC1001')).rulesVersion;
    const at = async (version: string | undefined) =>
      idsOf((await scopeRules(counting, nf, [account], version))[0]!.rules);
    const v1 = await versionNow();
    expect(v1).toMatch(/^\d+$/);
    const before = await at(v1);
    expect(await at(v1)).toEqual(before);
    expect(reads).toBe(1);
    // Written without a forget, as another process would: the version moves with the write.
    const id = await insertRule(await website());
    const v2 = await versionNow();
    expect(v2).not.toBe(v1);
    expect(await at(v2)).toContain(id);
    expect(reads).toBe(2);
    await removeRule(id);
    expect(await at(await versionNow())).toEqual(before);
    expect(reads).toBe(3);
  });

  // An uncommitted forget holds the scope for a while (these two tests come last).
  it('a read begun while the scope is held is not joined by a read after the write', async () => {
    forgetScopeRules(nf, account);
    const before = await ruleIds();
    // A read during the writer's transaction, slow to come back (the old rows).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = {
      execute: async (q: Parameters<typeof t.db.execute>[0]) => {
        const r = await t.db.execute(q);
        await gate;
        return r;
      },
    } as unknown as DbOrTx;
    const during = ruleIds(slow);
    await new Promise((r) => setTimeout(r, 50));
    // The write commits; a request after it must read the new rows, not wait for the old read.
    const id = await insertRule(await website());
    const after = ruleIds();
    release();
    expect(await during).toEqual(before);
    expect(await after).toContain(id);
    await removeRule(id);
    forgetScopeRules(nf, account, { committed: true });
  });

  // Last: a scope forgotten uncommitted is held for a while, which the tests before must not meet.
  it('are not kept while a forget may not be committed yet', async () => {
    forgetScopeRules(nf, account);
    const before = await ruleIds();
    // Read meanwhile (as another request would, before the writer's commit): not kept.
    const id = await insertRule(await website());
    expect(await ruleIds()).toContain(id);
    await removeRule(id);
    expect(await ruleIds()).toEqual(before);
    forgetScopeRules(nf, account, { committed: true });
  });
});

describe('the kept scope rules of another account', () => {
  it('hold only its own rules', async () => {
    const other = (
      await t.pool.query<{ id: number }>(`SELECT id FROM accounts WHERE name <> 'Northfield Academy' LIMIT 1`)
    ).rows[0]!.id;
    const rules = (await scopeRules(t.db, other, [{ kind: 'account' }]))[0]!.rules;
    const foreign = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM web_access_rules WHERE account_id = ${nf} AND id = ANY(${`{${rules.map((r) => r.id).join(',')}}`}::int[])`,
    );
    expect(foreign.rows[0]!.n).toBe(0);
  });
});
