/** The approval, review and block rules (001 §4, §5), the result toasts (001 §8) and the accordion (001 §2.4). */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { REQUEST_MSG, blockForm, type RequestItem } from '@wayguard/contracts';
import {
  DEFAULT_EXPIRY,
  EXPIRY_CHOICES,
  canApprove,
  canBatchApprove,
  canSubmitReview,
  expiryValue,
} from '../lib/approve-form';
import { blockBody, canConfirmBlock, parseTarget, rememberedNotify, targetOptions } from '../lib/block-form';
import { detailFields } from '../lib/details';
import { deviceCountText, devicesOfKind } from '../lib/devices';
import { canActOnRequests } from '../lib/permissions';
import { RESULT_TOAST, resultToasts } from '../lib/result-toasts';

const now = dayjs('2026-05-10T12:00:00');

describe('approval dialog (001 §4, §5)', () => {
  const base = { option: {}, expiry: DEFAULT_EXPIRY, day: null, groupId: null, devices: [] as string[] };
  it('is permanent by default and offers the presets and a date', () => {
    expect(DEFAULT_EXPIRY).toBe('permanent');
    expect(EXPIRY_CHOICES.map((c) => c.label)).toEqual([
      '1 hour',
      'Today',
      '7 days',
      '30 days',
      'Until a date',
      'Permanent',
    ]);
    expect(canApprove(base, now)).toBe(true);
  });
  it('needs a future day when a date is chosen', () => {
    expect(canApprove({ ...base, expiry: 'date' }, now)).toBe(false);
    expect(canApprove({ ...base, expiry: 'date', day: '2026-05-09' }, now)).toBe(false);
    expect(expiryValue('date', '2026-05-10', now)).toBe('2026-05-10');
    expect(expiryValue('7d', null, now)).toBe('7d');
  });
  it('needs a group for a website group and a device for selected devices', () => {
    expect(canApprove({ ...base, option: { needs: 'group' } }, now)).toBe(false);
    expect(canApprove({ ...base, option: { needs: 'group' }, groupId: 4 }, now)).toBe(true);
    expect(canApprove({ ...base, option: { needs: 'devices' } }, now)).toBe(false);
    expect(canApprove({ ...base, option: { needs: 'devices' }, devices: ['machine:PC1'] }, now)).toBe(true);
  });
  it('batch approval needs a selected row; review needs 4 characters and nothing processing', () => {
    expect(canBatchApprove(0, false)).toBe(false);
    expect(canBatchApprove(2, false)).toBe(true);
    expect(canBatchApprove(2, true)).toBe(false);
    expect(canSubmitReview('abc', false)).toBe(false);
    expect(canSubmitReview(' abcd ', false)).toBe(true);
    expect(canSubmitReview('abcd', true)).toBe(false);
  });
});

describe('who acts', () => {
  it('Console Admins and Request Admins; not Console Users', () => {
    expect(canActOnRequests({ user_type: 'console_admin' })).toBe(true);
    expect(canActOnRequests({ user_type: 'requests_admin' })).toBe(true);
    expect(canActOnRequests({ user_type: 'console_user' })).toBe(false);
  });
});

describe('result toasts (001 §8)', () => {
  it('uses the action toast for one row done', () => {
    const t = resultToasts('website', 'pending_admin', 'deny', [{ id: 3, action: 'removed' }], false);
    expect(t).toEqual({ success: [REQUEST_MSG.pendingWebsiteDenied], failure: null });
  });
  it('counts an account whitelist approval and batches', () => {
    const t = resultToasts(
      'website',
      'pending_admin',
      'approve_and_add_to_company_whitelist',
      [
        { id: 1, action: 'added' },
        { id: 2, action: 'added' },
        { id: 3, action: 'error', error: 'AC010' },
      ],
      true,
    );
    expect(t.success).toEqual(['2 website request(s) approved', '2 added to account whitelist']);
    expect(t.failure).toBe('1 unsuccessful: request(s) does not exist or has already been processed [AC010]');
  });
  it('reads a whole-call error as Request was failed with error', () => {
    const t = resultToasts('media', 'denied', 'request_review', [{ id: 0, action: 'error', error: 'AC014' }], false);
    expect(t.failure).toBe(
      'Request was failed with error request(s) already submitted for review; can be submitted once only [AC014]',
    );
  });
  it('lasts 3000 ms at most 700 px wide', () => {
    expect(RESULT_TOAST).toEqual({ durationMs: 3000, maxWidth: 700 });
  });
});

describe('block form (001 §2.6, §5)', () => {
  const lookups = {
    machines: [{ id: 'PC1', name: 'Office PC', type: 'machine' as const }],
    mobiles: [{ id: 'M1', name: 'Phone', type: 'mobile' as const }],
    users: [{ id: 5, name: 'Sam' }],
    server_users: [{ id: 9, name: 'DOMAIN\\kim' }],
    server_connections: [{ id: 2, name: 'School' }],
  };
  it('validates with the spec texts', () => {
    const r = blockForm.safeParse({ url: '', reason: 'ab', name: '', email: 'x' });
    expect(r.success).toBe(false);
    const messages = r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(messages).toContain('url: Please enter a URL');
    expect(messages).toContain('reason: Please enter at least 3 characters');
    expect(messages).toContain('name: Please enter a name');
    expect(messages).toContain('email: The email address is invalid');
    expect(messages).toContain('for: Please select one of the following options');
  });
  it('lists the targets of each kind and builds the body', () => {
    expect(targetOptions('device', lookups).map((o) => o.value)).toEqual(['machine:PC1', 'mobile:M1']);
    expect(targetOptions('user', lookups).map((o) => o.value)).toEqual(['user:5', 'server_user:9']);
    expect(targetOptions('global', lookups)).toEqual([]);
    expect(parseTarget('server_user:9')).toEqual({ id: 9, type: 'server_user' });
    expect(parseTarget('machine:PC1')).toEqual({ id: 'PC1', type: 'machine' });
    const form = { url: 'bad.example', reason: 'spam', name: 'Al', email: 'al@example.com', for: 'device' as const };
    expect(blockBody(form, ['machine:PC1'])).toEqual({
      url: 'bad.example',
      reason: 'spam',
      for: 'device',
      notify: { name: 'Al', email: 'al@example.com' },
      device: { id: 'PC1', type: 'machine' },
    });
    expect(blockBody({ ...form, for: 'connection' }, ['connection:2']).items).toEqual([{ id: 2, type: 'connection' }]);
    expect(blockBody({ ...form, for: 'global' }, [])).not.toHaveProperty('device');
  });
  it('enables Confirm only when valid with a target chosen', () => {
    expect(canConfirmBlock(true, undefined, [], false)).toBe(false);
    expect(canConfirmBlock(true, 'device', [], false)).toBe(false);
    expect(canConfirmBlock(true, 'device', ['machine:PC1'], false)).toBe(true);
    expect(canConfirmBlock(true, 'global', [], false)).toBe(true);
    expect(canConfirmBlock(false, 'global', [], false)).toBe(false);
    expect(canConfirmBlock(true, 'global', [], true)).toBe(false);
  });
  it('remembers the name and e-mail when asked', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    expect(rememberedNotify.get(storage)).toBeNull();
    rememberedNotify.set({ name: 'Al', email: 'al@example.com' }, storage);
    expect(rememberedNotify.get(storage)).toEqual({ name: 'Al', email: 'al@example.com' });
    rememberedNotify.set(null, storage);
    expect(rememberedNotify.get(storage)).toBeNull();
    store.set('wg.requests.block-notify', '{broken');
    expect(rememberedNotify.get(storage)).toBeNull();
  });
});

describe('devices and the accordion', () => {
  it('filters by chip and counts', () => {
    const devices = [
      { id: '1', type: 'machine' as const },
      { id: '2', type: 'mobile' as const },
    ];
    expect(devicesOfKind(devices, 'all')).toHaveLength(2);
    expect(devicesOfKind(devices, 'mobile')).toEqual([{ id: '2', type: 'mobile' }]);
    expect(deviceCountText(1)).toBe('1 device');
    expect(deviceCountText(0)).toBe('0 devices');
  });
  const row = {
    id: 1,
    type: 'media',
    website: 'video.example/watch?v=1',
    title: 'A video',
    processor: '',
    for: { value: '', isPopup: false },
    requested: 1_700_000_000,
    processed: 1_700_000_100,
    expires: 0,
    notes: '',
    media_type: 'video',
    category: '',
    description: '',
    reason: '',
    review_notes: '',
  } as unknown as RequestItem;
  it('uses the defaults of the spec', () => {
    const denied = Object.fromEntries(detailFields(row, 'denied').map((f) => [f.label, f.value]));
    expect(denied['Denied by']).toBe('None');
    expect(denied['Denied for']).toBe('Account list');
    expect(denied['User notes']).toBe('None');
    expect(denied.Type).toBe('Video');
    expect(denied.Category).toBe('Not specified');
    expect(denied.Description).toBe('No description.');
    expect(denied['Denied reason']).toBe('None');
    const pending = detailFields(row, 'pending_admin').map((f) => f.label);
    expect(pending).not.toContain('Approved by');
    expect(pending).toContain('Requested date');
  });
  it('a row denied by the review team shows the team’s notes as the denied reason and the review requested reason', () => {
    const team = {
      ...row,
      status: 'tech',
      reason: 'Gambling content',
      review_notes: 'For a class project',
    } as RequestItem;
    const fields = Object.fromEntries(detailFields(team, 'denied').map((f) => [f.label, f.value]));
    expect(fields['Denied reason']).toBe('Gambling content');
    expect(fields['Review requested reason']).toBe('For a class project');
    // Sent for review and still with the team: the administrator's reason shows; no denied reason yet.
    const waiting = detailFields({ ...team, state: 'pending' } as RequestItem, 'pending_tech');
    expect(waiting.map((f) => [f.label, f.value])).toContainEqual(['Review requested reason', 'For a class project']);
    expect(waiting.map((f) => f.label)).not.toContain('Denied reason');
  });
});
