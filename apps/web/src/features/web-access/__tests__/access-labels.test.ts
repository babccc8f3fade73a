/** What a row's access cell says and sends (002 §3, §4.3). */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_LABELS,
  ACCESS_TOASTS,
  canChangeAccess,
  canResetToInherited,
  explanation,
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
