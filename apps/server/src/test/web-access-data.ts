/**
 * Test data of the web-access route tests: websites, media items, groups and rules put straight into
 * the tables of one account, each name carrying a marker so that searches find only them. Each write
 * forgets the account's kept rules (domain/web-access/scope-rules.ts), as a write path of the server does.
 */
import { sql } from 'drizzle-orm';
import { normaliseWebsitePattern, type MatchMode, type WeeklySchedule } from '@wayguard/contracts';
import type { Db } from '../db/client.js';
import { websiteGroupMembers, websiteGroups, webAccessRules, websites } from '../db/schema/index.js';
import { patternAddress } from '../domain/web-access/rule-rows.js';
import { forgetAccountRules } from '../domain/web-access/scope-rules.js';

export async function accountOf(db: Db, accountNumber: string): Promise<number> {
  const r = await db.execute<{ id: number }>(sql`SELECT id FROM accounts WHERE account_number = ${accountNumber}`);
  return r.rows[0]!.id;
}

/** Removes the account's websites, groups and rules (the demo's), so that a test file starts from none. */
export async function clearWebAccess(db: Db, accountId: number): Promise<void> {
  await db.execute(sql`DELETE FROM web_access_rules WHERE account_id = ${accountId}`);
  await db.execute(sql`DELETE FROM website_groups WHERE account_id = ${accountId}`);
  await db.execute(sql`DELETE FROM websites WHERE account_id = ${accountId}`);
  forgetAccountRules(accountId, { committed: true });
}

export async function deviceOf(db: Db, serial: string) {
  const r = await db.execute<{ id: number; account_id: number; user_kind: string | null; user_ref_id: number | null }>(
    sql`SELECT id, account_id, user_kind, user_ref_id FROM devices WHERE serial = ${serial}`,
  );
  return r.rows[0]!;
}

export async function addWebsite(
  db: Db,
  accountId: number,
  site: { name: string; match?: MatchMode; categoryId?: number | null; kind?: 'website' | 'media'; mediaType?: string },
): Promise<number> {
  const match = site.match ?? 'ends_with';
  const pattern = normaliseWebsitePattern(site.name, match)!;
  const [row] = await db
    .insert(websites)
    .values({
      accountId,
      kind: site.kind ?? 'website',
      name: site.name,
      url: `https://${site.name}`,
      pattern,
      matchMode: match,
      ...patternAddress(pattern),
      categoryId: site.categoryId ?? null,
      mediaType: site.mediaType ?? null,
      title: site.kind === 'media' ? `Title of ${site.name}` : null,
    })
    .returning({ id: websites.id });
  forgetAccountRules(accountId, { committed: true });
  return row!.id;
}

export async function addGroup(db: Db, accountId: number, name: string, members: number[]): Promise<number> {
  const [g] = await db.insert(websiteGroups).values({ accountId, name }).returning({ id: websiteGroups.id });
  if (members.length > 0)
    await db.insert(websiteGroupMembers).values(members.map((websiteId) => ({ accountId, groupId: g!.id, websiteId })));
  forgetAccountRules(accountId, { committed: true });
  return g!.id;
}

export type RuleSeed = {
  scope: 'account' | 'connection' | 'user' | 'device';
  userKind?: '' | 'console' | 'server' | 'local';
  scopeId?: number;
  subject: 'category' | 'website' | 'media' | 'website_group';
  subjectId: number;
  action: 'ALLOW' | 'BLOCK';
  schedule?: WeeklySchedule | null;
  expiresAt?: Date | null;
};

export async function addRule(db: Db, accountId: number, r: RuleSeed): Promise<number> {
  const [row] = await db
    .insert(webAccessRules)
    .values({
      accountId,
      scopeKind: r.scope,
      userKind: r.userKind ?? '',
      scopeId: r.scopeId ?? 0,
      subjectKind: r.subject,
      subjectId: r.subjectId,
      action: r.action,
      schedule: r.schedule ?? null,
      expiresAt: r.expiresAt ?? null,
      createdByName: 'test.admin',
    })
    .onConflictDoUpdate({
      target: [
        webAccessRules.accountId,
        webAccessRules.subjectKind,
        webAccessRules.subjectId,
        webAccessRules.scopeKind,
        webAccessRules.userKind,
        webAccessRules.scopeId,
      ],
      set: {
        action: r.action,
        schedule: r.schedule ?? null,
        expiresAt: r.expiresAt ?? null,
        sourceKind: 'admin',
        requestId: null,
        createdByName: 'test.admin',
      },
    })
    .returning({ id: webAccessRules.id });
  forgetAccountRules(accountId, { committed: true });
  return row!.id;
}
