/**
 * Stored rules as the resolver reads them (contracts WebAccessRule): a `web_access_rules` row with its
 * subject's pattern and name, its scope named from the chain it was read for. The SQL that reads them
 * selects RULE_COLUMNS with the subject's columns; `toRule` maps the row.
 */
import { sql } from 'drizzle-orm';
import {
  sameScope,
  splitPattern,
  type MatchMode,
  type RuleScope,
  type RuleSubject,
  type WeeklySchedule,
  type WebAccessRule,
} from '@wayguard/contracts';

export type RuleRow = {
  id: number;
  scope_kind: 'account' | 'connection' | 'user' | 'device';
  user_kind: '' | 'console' | 'server' | 'local';
  scope_id: number;
  subject_kind: 'category' | 'website' | 'media' | 'website_group';
  subject_id: number;
  action: 'ALLOW' | 'BLOCK';
  schedule: WeeklySchedule | null;
  expires_at: Date | string | null;
  source_kind: 'admin' | 'request';
  request_id: number | null;
  created_by_name: string;
  /** The subject's name (website as typed, media title, group name); null for categories. */
  subject_name: string | null;
  subject_pattern: string | null;
  subject_match: MatchMode | null;
  /** Website groups: [pattern, match] of their members that may cover the addresses asked about. */
  members: [string, MatchMode][] | null;
};

/** The rule columns (alias r) every rule query selects. */
export const RULE_COLUMNS = sql.raw(
  `r.id, r.scope_kind, r.user_kind, r.scope_id, r.subject_kind, r.subject_id, r.action, r.schedule,
   r.expires_at, r.source_kind, r.request_id, r.created_by_name`,
);

export function scopeOfRow(row: Pick<RuleRow, 'scope_kind' | 'user_kind' | 'scope_id'>): RuleScope {
  switch (row.scope_kind) {
    case 'account':
      return { kind: 'account' };
    case 'user':
      return { kind: 'user', user_kind: row.user_kind === '' ? 'console' : row.user_kind, id: row.scope_id };
    default:
      return { kind: row.scope_kind, id: row.scope_id };
  }
}

function subjectOfRow(row: RuleRow): RuleSubject {
  const name = row.subject_name ?? undefined;
  switch (row.subject_kind) {
    case 'category':
      return { kind: 'category', id: row.subject_id };
    case 'website':
      return {
        kind: 'website',
        id: row.subject_id,
        pattern: row.subject_pattern ?? '',
        match: row.subject_match ?? 'exact',
        name,
      };
    default:
      return { kind: row.subject_kind, id: row.subject_id, name };
  }
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The rule, its scope named from `chain` when it is one of the chain's. */
export function toRule(row: RuleRow, chain: readonly RuleScope[]): WebAccessRule {
  const bare = scopeOfRow(row);
  const scope = chain.find((s) => sameScope(s, bare)) ?? bare;
  return {
    id: row.id,
    scope,
    subject: subjectOfRow(row),
    action: row.action,
    schedule: row.schedule,
    expires_at: iso(row.expires_at),
    source:
      row.source_kind === 'request' && row.request_id !== null
        ? { kind: 'request', request_id: row.request_id }
        : { kind: 'admin' },
    created_by: row.created_by_name,
  };
}

/** The host and path ('/' when none) a website row stands for as an address. */
export function patternAddress(pattern: string): { host: string; path: string } {
  const p = splitPattern(pattern);
  return { host: p.host, path: p.path === '' ? '/' : p.path };
}
