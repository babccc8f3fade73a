/** What a row's access cell says and sends (002 §3, §4.3). */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_LABELS,
  ACCESS_TOASTS,
  canChangeAccess,
  canResetToInherited,
  explanation,
  replaceLoss,
  ruleOfSwitch,
  subjectField,
  toggledRule,
} from '../lib/access';

describe('the switch', () => {
  it('turns Allowed into blocked and the reverse (002 §4.3)', () => {
    expect(toggledRule('ALLOW')).toBe('block');
    expect(toggledRule('BLOCK')).toBe('allow');
    expect(ruleOfSwitch(true)).toBe('allow');
    expect(ruleOfSwitch(false)).toBe('block');
  });
  it("reads the spec's labels and toasts", () => {
    expect(ACCESS_LABELS).toEqual({ ALLOW: 'Allowed', BLOCK: 'Blocked' });
    expect(ACCESS_TOASTS.allow).toBe('Access is allowed');
    expect(ACCESS_TOASTS.block).toBe('Access is blocked');
  });
  it('is changed by Console Admins only', () => {
    expect(canChangeAccess({ user_type: 'console_admin' })).toBe(true);
    expect(canChangeAccess({ user_type: 'requests_admin' })).toBe(false);
    expect(canChangeAccess({ user_type: 'console_user' })).toBe(false);
  });
});

describe('explanation', () => {
  it('takes the filled one, preferring the one of what applies', () => {
    expect(explanation({ access: 'ALLOW', explain_allow: 'Allowed because A', explain_block: '' })).toBe(
      'Allowed because A',
    );
    expect(explanation({ access: 'BLOCK', explain_allow: '', explain_block: 'Blocked because B' })).toBe(
      'Blocked because B',
    );
    expect(explanation({ access: 'BLOCK', explain_allow: 'only this', explain_block: '' })).toBe('only this');
    expect(explanation({ access: 'ALLOW', explain_allow: '', explain_block: '' })).toBe('');
  });
});

describe('reset to inherited', () => {
  it('is offered only when the node has a rule of its own', () => {
    expect(canResetToInherited({ own_access: 'ALLOW' })).toBe(true);
    expect(canResetToInherited({ own_access: 'BLOCK' })).toBe(true);
    expect(canResetToInherited({ own_access: 'INHERIT' })).toBe(false);
  });
});

describe('subjectField (002 §7)', () => {
  it('sends category, custom category, website or media ids', () => {
    expect(subjectField({ type: 'category', is_custom: false })).toBe('category_id');
    expect(subjectField({ type: 'category', is_custom: true })).toBe('custom_category_id');
    expect(subjectField({ type: 'website', is_custom: false })).toBe('website_id');
    expect(subjectField({ type: 'media', is_custom: false })).toBe('media_id');
  });
});

describe('what a switch would lose (issue 26)', () => {
  const texts = { schedule: 'Mon–Fri 08:30–15:30', end: '03/12/2026 10:00' };
  const own = { own_access: 'BLOCK' as const, scheduled: false, expires_at: null };
  it('asks nothing when the node has no rule, or a rule without schedule or end', () => {
    expect(replaceLoss({ ...own, own_access: 'INHERIT', scheduled: true }, 'allow', texts)).toBeNull();
    expect(replaceLoss(own, 'allow', texts)).toBeNull();
  });
  it('names the schedule, the end, or both, and the rule that replaces them', () => {
    expect(replaceLoss({ ...own, scheduled: true }, 'allow', texts)).toBe(
      'This rule is scheduled (Mon–Fri 08:30–15:30); replacing it with an always allowed rule removes the schedule.',
    );
    expect(replaceLoss({ ...own, expires_at: '2026-12-03T10:00:00Z' }, 'block', texts)).toBe(
      'This rule ends 03/12/2026 10:00; replacing it with an always blocked rule removes the end.',
    );
    expect(replaceLoss({ ...own, scheduled: true, expires_at: '2026-12-03T10:00:00Z' }, 'block', texts)).toBe(
      'This rule is scheduled (Mon–Fri 08:30–15:30) and ends 03/12/2026 10:00; replacing it with an always blocked rule removes the schedule and the end.',
    );
  });
});
