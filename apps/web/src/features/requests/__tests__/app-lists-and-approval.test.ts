/** The app request lists' columns and calls (001 §2.4, §7, §9), the approval dialog's rules (001 §4) and the toasts (001 §8). */
import { describe, expect, it } from 'vitest';
import { APP_MSG, REQUEST_MSG, appRequestsListQuery } from '@wayguard/contracts';
import { defaultListState, toApiParams } from '../../../components/list';
import { requestAppUrl } from '../../../lib/app-classic-links';
import {
  appRequestExtras,
  approvalBody,
  assignSummary,
  canAddUsers,
  canAutoAssign,
  initialDraft,
  needsWarning,
} from '../lib/app-approval';
import { APP_EMPTY_TEXT, appColumnHeader, appColumnKeys, appColumnSort, appTableSpan } from '../lib/app-columns';
import { appToasts } from '../lib/app-result-toasts';
import { appRequestsList } from '../lib/list-configs';

const flags = { is_prevent_autoassign: false, is_admin_warning: false, enable_auto_assign: false };

describe('app request columns (001 §2.4)', () => {
  it('shows the spec columns and the actions to those who act', () => {
    expect(appColumnKeys('pending_admin', true)).toEqual(['subject', 'by', 'requested', 'actions']);
    expect(appColumnKeys('pending_tech', true)).toEqual(['subject', 'for', 'requested', 'actions']);
    expect(appColumnKeys('approved', true)).toEqual(['subject', 'by', 'for', 'approved', 'actions']);
    expect(appColumnKeys('denied', false)).toEqual(['subject', 'by', 'for', 'denied']);
    expect(appTableSpan('approved', true)).toBe(6);
  });
  it('names the first column App and sorts it by name', () => {
    expect(appColumnHeader('subject')).toBe('App');
    expect(appColumnHeader('for')).toBe('For');
    expect(appColumnSort('subject')).toEqual({ key: 'name', kind: 'text' });
    expect(appColumnSort('denied')).toEqual({ key: 'processed', kind: 'date' });
    expect(appColumnSort('actions')).toBeUndefined();
  });
  it('has the empty texts', () => {
    expect(APP_EMPTY_TEXT.pending_admin).toBe('There are no further requests to process');
    expect(APP_EMPTY_TEXT.denied).toBe('No requests could be found');
    expect(APP_EMPTY_TEXT.approved).toBe(APP_MSG.noApps);
  });
});

describe('app request list calls (001 §7, §9)', () => {
  it('sends the state and status, newest first, and parses as the contract', () => {
    const def = appRequestsList('pending_tech');
    const params = toApiParams(defaultListState(def), def);
    expect(params).toMatchObject({ state: 'pending', status: 'tech', sort_by: 'requested', reverse_order: '1' });
    expect(appRequestsListQuery.safeParse(params).success).toBe(true);
    const approved = appRequestsList('approved');
    expect(toApiParams(defaultListState(approved), approved)).toMatchObject({
      state: 'approved',
      status: 'all',
      sort_by: 'processed',
    });
  });
  it('keeps one declaration per view', () => {
    expect(appRequestsList('denied')).toBe(appRequestsList('denied'));
  });
  it('links Request App to the classic console in a new tab with request_add', () => {
    expect(requestAppUrl('https://classic.example/')).toBe('https://classic.example/apps/mobile/request?request_add=1');
  });
});

describe('approval dialog (001 §4)', () => {
  it('refuses auto assign when is_prevent_autoassign', () => {
    expect(canAutoAssign({ is_prevent_autoassign: true })).toBe(false);
    const draft = { autoAssign: true, mandatory: true, users: [4] };
    expect(approvalBody('com.a.b', draft, { ...flags, is_prevent_autoassign: true }, false)).toEqual({
      package_name: 'com.a.b',
      auto_assign: false,
      mandatory: true,
      assign_users: [4],
    });
    expect(approvalBody('com.a.b', draft, flags, true)).toEqual({
      package_name: 'com.a.b',
      auto_assign: true,
      mandatory: true,
      assign_users: [],
      warning_accepted: true,
    });
  });
  it('starts from what the app has, never with a refused auto assign', () => {
    const app = { ...flags, enable_auto_assign: true, mandatory: true, assigned_users: [7] };
    expect(initialDraft(app)).toEqual({ autoAssign: true, mandatory: true, users: [7] });
    expect(initialDraft({ ...app, is_prevent_autoassign: true }).autoAssign).toBe(false);
  });
  it('goes through the warning dialog for flagged apps and rows', () => {
    expect(needsWarning({ is_admin_warning: true })).toBe(true);
    expect(needsWarning({ is_admin_warning: false }, { approve_warn: true })).toBe(true);
    expect(needsWarning({ is_admin_warning: false }, { approve_warn: false })).toBe(false);
  });
  it('adds users only once one is chosen', () => {
    expect(canAddUsers([])).toBe(false);
    expect(canAddUsers([3])).toBe(true);
    expect(assignSummary({ autoAssign: true, mandatory: false, users: [] })).toBe(APP_MSG.allUsers);
    expect(assignSummary({ autoAssign: false, mandatory: false, users: [1, 2] })).toBe('2 users');
  });
  it('adds the deny and review reasons to the accordion', () => {
    expect(appRequestExtras({ state: 'denied', status: 'admin', reason: '', review_notes: '' })).toEqual([
      { label: 'Deny reason', value: REQUEST_MSG.none },
    ]);
    expect(appRequestExtras({ state: 'pending', status: 'tech', reason: '', review_notes: 'Check chat' })).toEqual([
      { label: 'Review requested reason', value: 'Check chat' },
    ]);
  });
});

describe('app toasts (001 §8)', () => {
  const ok = (action: 'added' | 'removed' | 'requested') => [{ package_name: 'com.a.b', action }];
  it("says each action's own text", () => {
    expect(appToasts('deny', 'pending_admin', ok('removed'))).toEqual({
      success: ['The app request has been denied'],
      failure: null,
    });
    expect(appToasts('deny', 'approved', ok('removed')).success).toEqual(['App was denied']);
    expect(appToasts('deny', 'pending_tech', ok('removed')).success).toEqual(['Request was denied.']);
    expect(appToasts('request_review', 'denied', ok('requested')).success).toEqual(['Review request sent']);
    expect(appToasts('approve', 'pending_admin', ok('added')).success).toEqual([APP_MSG.approved]);
  });
  it('reports a refusal with its AC code, an unknown code as an internal error', () => {
    expect(
      appToasts('deny', 'pending_admin', [{ package_name: 'com.a.b', action: 'error', error: 'AC010' }]).failure,
    ).toBe('Request was failed with error request(s) does not exist or has already been processed [AC010]');
    expect(appToasts('deny', 'approved', [{ package_name: 'x.y', action: 'error', error: 'nope' }]).failure).toContain(
      '[AC016]',
    );
  });
});
