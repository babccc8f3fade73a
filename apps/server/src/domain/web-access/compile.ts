/**
 * A device's compiled web access (docs/design/agent-api.md 'Policy'): the rules of its chain with their
 * subjects spelled out for the agent (website patterns, website groups' member patterns, media
 * addresses), the account's categorised websites for the categories those rules name or the provider
 * locks, the default, and what its settings and its user's options say of requests and social sites.
 * Everything is sorted, so the same policy always has the same version.
 */
import { sql } from 'drizzle-orm';
import {
  LOCKED_CATEGORY_IDS,
  SERVER_USER_OPTION_KEYS,
  type AgentWebAccessPolicy,
  type AgentWebAccessRule,
  type MatchMode,
  type ServerUserOptions,
} from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import { sqlArray } from '../../lib/sql-array.js';
import type { WebNode } from './nodes.js';
import { chainRulesOf } from './scope-rules.js';

type PatternRow = { id: number; pattern: string; match_mode: MatchMode; category_id: number | null };

/** disallow_facebook_access → 'facebook', in the options' order. */
const SOCIAL = SERVER_USER_OPTION_KEYS.filter((k) => k.startsWith('disallow_')).map((k) => ({
  key: k,
  site: k.replace(/^disallow_/, '').replace(/_access$/, ''),
}));

export async function compileWebAccess(
  db: DbOrTx,
  node: WebNode,
  settings: ReadonlyMap<string, boolean>,
): Promise<AgentWebAccessPolicy> {
  const user = node.chain.find((s) => s.kind === 'user');
  // The chain's rules with their subjects spelled out come from the kept scope rules
  // (domain/web-access/scope-rules.ts); the account's categorised websites are read for their categories.
  const chain = await chainRulesOf(db, node.accountId, node.chain, node.rulesVersion);
  const rules = chain.scopes.flatMap((s) => s.rules);
  const categories = [...new Set(rules.filter((r) => r.subject.kind === 'category').map((r) => r.subject.id))];
  const [categorised, options] = await Promise.all([
    db.execute<PatternRow>(sql`SELECT id, pattern, match_mode, category_id FROM websites
      WHERE account_id = ${node.accountId} AND kind = 'website'
        AND category_id = ANY(${sqlArray([...LOCKED_CATEGORY_IDS, ...categories])}::int[])
      ORDER BY pattern, match_mode`),
    user && user.kind === 'user' && user.user_kind !== 'console'
      ? db.execute<{ options: ServerUserOptions }>(
          sql`SELECT options FROM server_users WHERE account_id = ${node.accountId} AND id = ${user.id}`,
        )
      : Promise.resolve({ rows: [] as { options: ServerUserOptions }[] }),
  ]);
  const mediaPattern = (id: number) => chain.scopes.find((s) => s.mediaPatterns.has(id))?.mediaPatterns.get(id) ?? '';
  const members = (id: number) => chain.scopes.find((s) => s.groupMembers.has(id))?.groupMembers.get(id) ?? [];
  // Each rule with its level in the chain: the kept scopes are the chain's, in its order.
  const compiled: AgentWebAccessRule[] = chain.scopes
    .flatMap((s, level) => s.rules.map((r) => ({ r, level })))
    .map(({ r, level }): AgentWebAccessRule => {
      const base = {
        id: r.id,
        level,
        scope: r.scope.kind,
        action: r.action,
        schedule: r.schedule ?? null,
        expires_at: r.expires_at ?? null,
      };
      switch (r.subject.kind) {
        case 'category':
          return { ...base, subject: { kind: 'category', id: r.subject.id } };
        case 'website':
          return {
            ...base,
            subject: { kind: 'website', id: r.subject.id, pattern: r.subject.pattern, match: r.subject.match },
          };
        case 'media':
          return {
            ...base,
            subject: { kind: 'media', id: r.subject.id, pattern: mediaPattern(r.subject.id) },
          };
        case 'website_group':
          return {
            ...base,
            subject: {
              kind: 'website_group',
              id: r.subject.id,
              members: members(r.subject.id).map((m) => ({ pattern: m.pattern, match: m.match })),
            },
          };
      }
    })
    .sort((a, b) => a.id - b.id);
  const userOptions = options.rows[0]?.options;
  return {
    default: node.defaultMode === 'approved_sites_only' ? 'BLOCK' : 'ALLOW',
    time_zone: node.timeZone,
    locked_categories: [...LOCKED_CATEGORY_IDS].sort((a, b) => a - b),
    rules: compiled,
    categorised: categorised.rows
      .filter((c): c is PatternRow & { category_id: number } => c.category_id !== null)
      .map((c) => ({ pattern: c.pattern, match: c.match_mode, category_id: c.category_id })),
    website_requests:
      (settings.get('allow_website_requests') ?? true) && !(userOptions?.disable_website_requests ?? false),
    media_requests: (settings.get('allow_media_requests') ?? true) && !(userOptions?.disable_media_requests ?? false),
    disallowed_social: SOCIAL.filter((s) => userOptions?.[s.key] === true).map((s) => s.site),
  };
}
