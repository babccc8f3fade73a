/**
 * What a web-access row's access cell says and sends (002 §3 'Web access item', §4.3): the switch
 * shows what applies to the node now (`access`); toggling sends the opposite rule; a rule stored at
 * the node can be reset to inherited; the toast reads 'Access is allowed' / 'Access is blocked'.
 */
import type { CategoryItem, SetAccessRule, SubjectIdField, WebAccessItem } from '@wayguard/contracts';

export type AccessRow = Pick<
  WebAccessItem,
  'access' | 'own_access' | 'explain_allow' | 'explain_block' | 'scheduled' | 'schedule' | 'expires_at' | 'locked'
>;

/** 002 §4.3: the switch's labels. */
export const ACCESS_LABELS = { ALLOW: 'Allowed', BLOCK: 'Blocked' } as const;

/** 002 §4.3 toasts; ours for a reset (docs/decisions/web-access.md "'Reset to inherited'"). */
export const ACCESS_TOASTS: Record<SetAccessRule, string> = {
  allow: 'Access is allowed',
  block: 'Access is blocked',
  inherit: 'Access is inherited again',
};

export const INHERITED_HINT = 'Inherited';
export const RESET_TO_INHERITED = 'Reset to inherited';
export const SCHEDULE_LINK = 'Schedule';
export const SCHEDULED_LINK = 'Scheduled';

/** Allowed becomes blocked and the reverse (002 §4.3). */
export function toggledRule(access: AccessRow['access']): Exclude<SetAccessRule, 'inherit'> {
  return access === 'ALLOW' ? 'block' : 'allow';
}

/** The rule a switch set to `checked` (on = Allowed) sends. */
export const ruleOfSwitch = (checked: boolean): Exclude<SetAccessRule, 'inherit'> => (checked ? 'allow' : 'block');

/** Why the row reads as it does: the one explanation that is filled (explain_allow or explain_block). */
export function explanation(row: Pick<AccessRow, 'access' | 'explain_allow' | 'explain_block'>): string {
  const first = row.access === 'ALLOW' ? row.explain_allow : row.explain_block;
  return first || row.explain_allow || row.explain_block;
}

/** The rule stored at the node can be removed (it is not inherited already). */
export const canResetToInherited = (row: Pick<AccessRow, 'own_access'>) => row.own_access !== 'INHERIT';

/** The subject field a row's switch sends (002 §7: category, custom category, website or media). */
export function subjectField(row: {
  type: WebAccessItem['type'] | CategoryItem['type'];
  is_custom: boolean;
}): SubjectIdField {
  if (row.type === 'category') return row.is_custom ? 'custom_category_id' : 'category_id';
  return row.type === 'media' ? 'media_id' : 'website_id';
}

/** Who may change web access: Console Admins (others get read-only switches; the server refuses them). */
export const canChangeAccess = (info: { user_type: string }) => info.user_type === 'console_admin';

/**
 * What a switch would lose (issue 26, docs/decisions/web-access.md "The switch and a scheduled rule (issue 26)"): the
 * switch sends an always-on rule, which replaces the node's own rule with its schedule and end. The sentence of the
 * confirmation, or null when the node's rule has neither (or the node has no rule).
 */
export function replaceLoss(
  row: Pick<AccessRow, 'own_access' | 'scheduled' | 'expires_at'>,
  rule: Exclude<SetAccessRule, 'inherit'>,
  texts: { schedule: string; end: string | null },
): string | null {
  if (row.own_access === 'INHERIT' || (!row.scheduled && !row.expires_at)) return null;
  const what = [
    row.scheduled ? `is scheduled (${texts.schedule})` : null,
    row.expires_at ? `ends ${texts.end ?? ''}`.trim() : null,
  ].filter(Boolean);
  const lost = [row.scheduled ? 'the schedule' : null, row.expires_at ? 'the end' : null].filter(Boolean);
  const always = rule === 'allow' ? 'always allowed' : 'always blocked';
  return `This rule ${what.join(' and ')}; replacing it with an ${always} rule removes ${lost.join(' and ')}.`;
}
export const REPLACE_RULE_TITLE = 'Replace this rule?';
export const REPLACE_RULE_CONFIRM = 'Replace rule';
