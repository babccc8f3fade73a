/**
 * One sentence an administrator understands for a resolver decision (docs/design/policy.md 'Every
 * decision explains itself'; 002 §3 explain_allow / explain_block), e.g. "Allowed for the whole
 * account by an approved request (#77), which beats this device's block of the category Video
 * streaming because a website rule is more specific". It names who decided and at which level, the
 * strongest applying rule of the other action and why it lost, and a stronger rule of the other
 * action that is not in effect now (outside its schedule, expired). Scopes read from the page being
 * viewed: "this device" for the page's own scope, "the user katie.adams11" for another.
 */
import {
  categoryById,
  MATCH_MODE_LABELS,
  sameScope,
  sameSubject,
  type RuleAction,
  type RuleScope,
  type RuleSubject,
  type WebAccessRule,
} from '@wayguard/contracts';
import { compareSpecificity } from './match.js';
import type { Decision, TraceEntry } from './resolver.js';
import { perZoneFormat } from '../../lib/zoned-time.js';

export type ExplainContext = {
  /** The scope of the page the sentence is read on. */
  view: RuleScope;
  /** The row's own subject: a rule for it is not named again. */
  rowSubject?: RuleSubject;
  /** The account's time zone, for expiry times. */
  timeZone: string;
};

const OWN: Record<RuleScope['kind'], string> = {
  account: 'the whole account',
  connection: 'this connection',
  user: 'this user',
  device: 'this device',
};

function label(scope: Exclude<RuleScope, { kind: 'account' }>): string {
  return scope.name ?? `#${scope.id}`;
}

/** "the whole account", "this device", "the user katie.adams11", "the connection Main school". */
export function scopeText(scope: RuleScope, view: RuleScope): string {
  if (scope.kind === 'account' || sameScope(scope, view)) return OWN[scope.kind];
  return `the ${scope.kind} ${label(scope)}`;
}

/** "the account's", "this device's", "the user katie.adams11's". */
export function scopePossessive(scope: RuleScope, view: RuleScope): string {
  if (scope.kind === 'account') return "the account's";
  return `${scopeText(scope, view)}'s`;
}

/** The level alone, its name said before: "this device's", "the account's", "the user's". */
function levelPossessive(scope: RuleScope, view: RuleScope): string {
  if (scope.kind !== 'account' && sameScope(scope, view)) return `${OWN[scope.kind]}'s`;
  return `the ${scope.kind}'s`;
}

/** "the category Video streaming", "the website example.com and its subdomains", ... */
export function subjectText(subject: RuleSubject): string {
  switch (subject.kind) {
    case 'category':
      return `the category ${categoryById(subject.id)?.name ?? `#${subject.id}`}`;
    case 'website_group':
      return `the website group ${subject.name ?? `#${subject.id}`}`;
    case 'media':
      return `the media item ${subject.name ?? `#${subject.id}`}`;
    case 'website': {
      const shown = subject.name ?? subject.pattern;
      if (subject.match === 'exact') return `the website ${shown}`;
      if (subject.match === 'ends_with') return `the website ${shown} and its subdomains`;
      return subject.match === 'starts_with' ? `websites starting with ${shown}` : `websites containing "${shown}"`;
    }
  }
}

const ARTICLED_KIND: Record<Exclude<RuleSubject['kind'], 'website'>, string> = {
  media: 'a media item',
  website_group: 'a website group',
  category: 'a category',
};

/** Why the winner's subject is more specific than the loser's. */
function specificReason(winner: RuleSubject, loser: RuleSubject, sameTier: boolean): string {
  if (winner.kind !== 'website') return `because ${ARTICLED_KIND[winner.kind]} rule is more specific`;
  if (loser.kind !== 'website') return 'because a website rule is more specific';
  if (sameTier) return 'because a longer website pattern is more specific';
  const mode = winner.match === 'exact' ? 'an exact' : `a "${MATCH_MODE_LABELS[winner.match].toLowerCase()}"`;
  return `because ${mode} website rule is more specific`;
}

const dateIn = perZoneFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const timeIn = perZoneFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function when(at: string, timeZone: string): string {
  const d = new Date(at);
  return `${dateIn(timeZone).format(d)} at ${timeIn(timeZone).format(d)}`;
}

/** "an approved request (#77)", "jane.smith's rule for the category Games", ... */
export function origin(rule: WebAccessRule, own: boolean): string {
  const by =
    rule.source.kind === 'request'
      ? `${rule.action === 'ALLOW' ? 'an approved' : 'a blocked'} request (#${rule.source.request_id ?? '?'})`
      : rule.created_by;
  if (own) return by;
  return rule.source.kind === 'request'
    ? `${by} for ${subjectText(rule.subject)}`
    : `${by}'s rule for ${subjectText(rule.subject)}`;
}

const verb = (action: RuleAction) => (action === 'ALLOW' ? 'Allowed' : 'Blocked');
const noun = (action: RuleAction) => (action === 'ALLOW' ? 'allow' : 'block');
const isOwn = (rule: WebAccessRule, ctx: ExplainContext) =>
  ctx.rowSubject !== undefined && sameSubject(rule.subject, ctx.rowSubject);

/** "this device's block of the category Games"; "the account's allow" for the row's own subject. */
function ruleOf(rule: WebAccessRule, ctx: ExplainContext): string {
  const text = `${scopePossessive(rule.scope, ctx.view)} ${noun(rule.action)}`;
  return isOwn(rule, ctx) ? text : `${text} of ${subjectText(rule.subject)}`;
}

function winnerText(rule: WebAccessRule, ctx: ExplainContext): string {
  const own = isOwn(rule, ctx);
  let text = `${verb(rule.action)} for ${scopeText(rule.scope, ctx.view)} by ${origin(rule, own)}`;
  if (rule.schedule) text += ', within its schedule';
  if (rule.expires_at) text += `, until ${when(rule.expires_at, ctx.timeZone)}`;
  return text;
}

/** ", which beats …" for the strongest applying rule of the other action. */
function beatsText(d: Decision, winner: TraceEntry, ctx: ExplainContext): string {
  const loser = d.trace.find(
    (t) => t.outcome === 'lost' && t.beatenBy === winner.rule.id && t.rule.action !== d.decision,
  );
  if (!loser) return '';
  let reason: string;
  if (loser.reason === 'more_specific_subject')
    reason = specificReason(
      winner.rule.subject,
      loser.rule.subject,
      winner.specificity.tier === loser.specificity.tier,
    );
  else if (loser.reason === 'nearer_scope')
    reason = `because ${levelPossessive(winner.rule.scope, ctx.view)} rule is nearer than ${levelPossessive(loser.rule.scope, ctx.view)}`;
  else reason = 'because a block wins a tie at the same level';
  return `, which beats ${ruleOf(loser.rule, ctx)} ${reason}`;
}

/** Whether `t`, were it in effect, would decide instead of `winner` (rank order of the resolver). */
function wouldWin(t: TraceEntry, winner: TraceEntry): boolean {
  const bySubject = compareSpecificity(t.specificity, winner.specificity);
  if (bySubject !== 0) return bySubject > 0;
  return t.level !== winner.level ? t.level > winner.level : t.rule.action === 'BLOCK';
}

/** "; this device's allow of … is outside its schedule now" for a stronger rule not in effect. */
function notInEffectText(d: Decision, winner: TraceEntry | undefined, ctx: ExplainContext): string {
  const idle = d.trace.find(
    (t) =>
      (t.reason === 'outside_schedule' || t.reason === 'expired') &&
      t.rule.action !== d.decision &&
      (!winner || wouldWin(t, winner)),
  );
  if (!idle) return '';
  const state =
    idle.reason === 'expired'
      ? `expired on ${when(idle.rule.expires_at ?? '', ctx.timeZone)}`
      : 'is outside its schedule now';
  return `; ${ruleOf(idle.rule, ctx)} ${state}`;
}

function lockedText(d: Decision, ctx: ExplainContext): string {
  const names = d.lockedCategories.map((id) => categoryById(id)?.name ?? `#${id}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
  const text = `${list} ${names.length > 1 ? 'are' : 'is'} always blocked by the provider`;
  const allow = d.trace.find((t) => t.reason === 'locked_category' && t.rule.action === 'ALLOW');
  return allow ? `${text}, so ${ruleOf(allow.rule, ctx)} has no effect` : text;
}

const DEFAULT_TEXT = {
  ALLOW: 'Allowed because no rule applies and the account allows every site that is not blocked',
  BLOCK: 'Blocked because no rule allows it and the account allows approved sites only',
} as const;

/** The sentence for a decision, read on the page of `ctx.view`. */
export function explainDecision(d: Decision, ctx: ExplainContext): string {
  if (d.decidedBy === 'locked') return lockedText(d, ctx);
  if (d.decidedBy === 'default') return DEFAULT_TEXT[d.decision] + notInEffectText(d, undefined, ctx);
  const winner = d.trace.find((t) => t.outcome === 'won');
  if (!winner) return DEFAULT_TEXT[d.decision];
  return winnerText(winner.rule, ctx) + beatsText(d, winner, ctx) + notInEffectText(d, winner, ctx);
}
