import { describe, expect, it } from 'vitest';
import {
  agentInventoryRequest,
  agentRequestBody,
  appActionToast,
  appApprovalBody,
  appRequestActionBody,
  appRequestsListQuery,
  appResultToasts,
  appRowActions,
  approvalWarnings,
  defaultAppRequestSort,
  installedCell,
  installTooltip,
  mobileAppsQuery,
  pricingLabel,
  APP_MSG,
} from '../index.js';

describe('pricing label (001 §2.4)', () => {
  it('names the known pricings', () => {
    expect(pricingLabel('free_with_in_app_purchases', '')).toBe('Free with in-app purchases');
    expect(pricingLabel('free', null)).toBe('Free');
    expect(pricingLabel('paid', '$2.99')).toBe('Paid($2.99)');
  });
  it('matches without regard to case or space', () => {
    expect(pricingLabel(' FREE ', '')).toBe('Free');
    expect(pricingLabel('Paid', ' £1.49 ')).toBe('Paid(£1.49)');
  });
  it('says Paid without a price', () => {
    expect(pricingLabel('paid', '')).toBe('Paid');
    expect(pricingLabel('paid')).toBe('Paid');
  });
  it('writes any other value in upper case', () => {
    expect(pricingLabel('subscription', '')).toBe('SUBSCRIPTION');
    expect(pricingLabel('Freemium trial')).toBe('FREEMIUM TRIAL');
  });
  it("is 'Unknown' when there is none", () => {
    expect(pricingLabel('')).toBe('Unknown');
    expect(pricingLabel('   ')).toBe('Unknown');
    expect(pricingLabel(null)).toBe('Unknown');
    expect(pricingLabel(undefined, '$1')).toBe('Unknown');
  });
});

describe('approval warnings (001 §4)', () => {
  it('shows each flag its warning, in order', () => {
    expect(approvalWarnings({ is_admin_warning: true, is_external: true, is_prevent_autoassign: true })).toEqual([
      'This app may contain unsuitable content',
      'This app is not from Google Play Store',
      'Auto Assign cannot be enabled for this mobile app. You can still manually assign on each user that requires it',
    ]);
    expect(approvalWarnings({ is_admin_warning: false, is_external: true, is_prevent_autoassign: false })).toEqual([
      APP_MSG.warnNotPlayStore,
    ]);
    expect(approvalWarnings({ is_admin_warning: false, is_external: false, is_prevent_autoassign: false })).toEqual([]);
  });
});

describe('row actions (001 §2.4, §4)', () => {
  const row = (state: 'pending' | 'approved' | 'denied', status: 'admin' | 'tech', review = true) => ({
    state,
    status,
    can_request_review: review,
  });
  it('offers each list its actions', () => {
    expect(appRowActions(row('pending', 'admin'))).toEqual(['approve', 'deny']);
    expect(appRowActions(row('pending', 'tech'))).toEqual(['deny']);
    expect(appRowActions(row('approved', 'admin'))).toEqual(['deny']);
    // Request review follows the websites' rule (issue 26): any denied row, once, not after the team decided.
    expect(appRowActions(row('denied', 'admin'))).toEqual(['approve', 'request_review']);
    expect(appRowActions(row('denied', 'admin', false))).toEqual(['approve']);
    expect(appRowActions(row('denied', 'tech'))).toEqual(['request_review']);
    expect(appRowActions(row('denied', 'tech', false))).toEqual([]);
  });
  it('toasts each action in its list (001 §8)', () => {
    expect(appActionToast('deny', 'pending_admin')).toBe('The app request has been denied');
    expect(appActionToast('deny', 'approved')).toBe('App was denied');
    expect(appActionToast('deny', 'pending_tech')).toBe('Request was denied.');
    expect(appActionToast('request_review', 'denied')).toBe('Review request sent');
    expect(appActionToast('approve', 'pending_admin')).toBe(APP_MSG.approved);
  });
  it('counts results as app requests', () => {
    const t = appResultToasts([
      { package_name: 'a.b', action: 'removed' },
      { package_name: 'a.c', action: 'error', error: 'AC021' },
    ]);
    expect(t.success).toEqual(['1 app request(s) denied']);
    expect(t.failure).toBe('1 unsuccessful: request(s) already denied [AC021]');
  });
  it('sorts pending by requested and the others by processed, newest first (001 §9)', () => {
    expect(defaultAppRequestSort('pending')).toEqual({ sort_by: 'requested', reverse_order: true });
    expect(defaultAppRequestSort('denied')).toEqual({ sort_by: 'processed', reverse_order: true });
  });
});

describe('app request calls', () => {
  it('takes the website lists filter params', () => {
    const q = appRequestsListQuery.parse({ state: 'approved', status: 'all', sort_by: 'name', from: '10' });
    expect(q).toMatchObject({ state: 'approved', status: 'all', sort_by: 'name', from: 10, page: 1, count: 25 });
    expect(appRequestsListQuery.safeParse({ sort_by: 'url' }).success).toBe(false);
  });
  it('refuses an action without packages, a bad package name, a short review reason', () => {
    const msg = (b: unknown) => appRequestActionBody.safeParse(b).error?.issues[0]?.message;
    expect(msg({ package_name: [], action: 'deny' })).toBe(APP_MSG.packageRequired);
    expect(msg({ package_name: ['not a package'], action: 'deny' })).toBe(APP_MSG.packageInvalid);
    expect(msg({ package_name: ['com.x.y'], action: 'request_review', reason: 'abc' })).toBe(APP_MSG.reviewReasonShort);
    expect(appRequestActionBody.parse({ package_name: ['com.x.y'], action: 'deny' }).status).toBe('admin');
  });
  it('fills the approval defaults', () => {
    expect(appApprovalBody.parse({ package_name: 'com.x.y' })).toEqual({
      package_name: 'com.x.y',
      auto_assign: false,
      mandatory: false,
      assign_users: [],
    });
  });
});

describe('apps pages (002 §2.6, §4.4)', () => {
  it('lists a device or a user, never neither', () => {
    expect(mobileAppsQuery.safeParse({ id: 'SER1' }).success).toBe(true);
    expect(mobileAppsQuery.safeParse({ user_id: '4' }).success).toBe(true);
    expect(mobileAppsQuery.safeParse({}).error?.issues[0]?.message).toBe(APP_MSG.deviceOrUser);
  });
  it('says Not installed, or the version', () => {
    expect(installedCell({ installed_on: 0, version: '' })).toBe('Not installed');
    expect(installedCell({ installed_on: 5, version: '2.1.0' })).toBe('2.1.0');
  });
  it('explains why an app is not installed', () => {
    const a = { is_assigned: false, installed_on: 0, mandatory: false };
    expect(installTooltip(a, true)).toBe('App cannot be installed as it not assigned');
    expect(installTooltip({ ...a, is_assigned: true }, false)).toBe(
      'App cannot be installed because the device is offline',
    );
    expect(installTooltip({ ...a, is_assigned: true }, true)).toBeNull();
    expect(installTooltip({ is_assigned: true, installed_on: 9, mandatory: true }, false)).toBe(
      APP_MSG.tooltipMandatory,
    );
  });
});

describe('device side', () => {
  it('takes an app ask without a url, and wants its app', () => {
    const ok = agentRequestBody.safeParse({ request_id: 'r1', kind: 'app', app: { package_name: 'com.x.y' } });
    expect(ok.success).toBe(true);
    expect(agentRequestBody.safeParse({ request_id: 'r1', kind: 'app' }).success).toBe(false);
    expect(agentRequestBody.safeParse({ request_id: 'r1', kind: 'website' }).success).toBe(false);
  });
  it('takes the installed apps in a mobile inventory', () => {
    const inv = agentInventoryRequest.parse({ mobile: { apps: [{ package_name: 'com.x.y', version: '1.0' }] } });
    expect(inv.mobile?.apps?.[0]).toEqual({
      package_name: 'com.x.y',
      name: '',
      version: '1.0',
      source: '',
      installed_at: 0,
    });
  });
});
