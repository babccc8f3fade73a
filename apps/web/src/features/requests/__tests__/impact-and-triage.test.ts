/** The approval's impact preview (which approvals show one, its call, its sentences) and the keyboard triage's rules. */
import { describe, expect, it } from 'vitest';
import type { ImpactResponse } from '@wayguard/contracts';
import { alsoText, impactRequestFor, membersText } from '../lib/impact';
import {
  TRIAGE_SHORTCUTS,
  isTypingTarget,
  movedIndex,
  openAnnouncement,
  rowAnnouncement,
  selectAnnouncement,
  triageCommand,
  type KeyPress,
} from '../lib/triage';

const rows = [
  { id: 7, category_id: 50 },
  { id: 9, category_id: 0 },
];
const account = { scope: { kind: 'account' }, rule: 'allow' };

describe('impact preview: which approvals and which call', () => {
  it('the whole account (one row or a batch) names the threads', () => {
    const whole = { action: 'approve_and_add_to_company_whitelist' } as const;
    expect(impactRequestFor(whole, rows, null)).toEqual({ ...account, request_ids: [7, 9] });
    expect(impactRequestFor(whole, [], null)).toBeNull();
  });
  it('a category names the category; a row without one has none', () => {
    const cat = { action: 'approve_and_add_to_category' } as const;
    expect(impactRequestFor(cat, rows, null)).toEqual({ ...account, category_id: 50 });
    expect(impactRequestFor(cat, [rows[1]!], null)).toBeNull();
  });
  it('a website group only once chosen', () => {
    const group = { action: 'approve_and_add_to_website_group' } as const;
    expect(impactRequestFor(group, [rows[0]!], null)).toBeNull();
    expect(impactRequestFor(group, [rows[0]!], 3)).toEqual({ ...account, request_ids: [7], join_group_id: 3 });
  });
  it("the server connection names the threads and the requesters' connections", () => {
    const conn = { action: 'approve_and_add_to_connection_whitelist' } as const;
    expect(impactRequestFor(conn, [rows[0]!], null)).toEqual({
      scope: { kind: 'requesters_connections' },
      rule: 'allow',
      request_ids: [7],
    });
  });
  it('this device, these users: the threads and the devices or users that asked', () => {
    expect(impactRequestFor({ action: 'approve_and_add_to_device_whitelist' }, rows, null)).toEqual({
      scope: { kind: 'requesters_devices' },
      rule: 'allow',
      request_ids: [7, 9],
    });
    expect(impactRequestFor({ action: 'approve_and_add_to_user_whitelist' }, [rows[0]!], null)).toEqual({
      scope: { kind: 'requesters_users' },
      rule: 'allow',
      request_ids: [7],
    });
  });
  it('selected devices only once one is chosen', () => {
    const pc = { id: 'PC1', type: 'machine' } as const;
    for (const option of [
      { action: 'approve_and_add_to_device_whitelist', needs: 'devices' },
      { action: 'add_to_device_whitelist', needs: 'devices' },
    ] as const) {
      expect(impactRequestFor(option, rows, null)).toBeNull();
      expect(impactRequestFor(option, [rows[0]!], null, [pc])).toEqual({
        scope: { kind: 'devices', devices: [pc] },
        rule: 'allow',
        request_ids: [7],
      });
    }
    expect(impactRequestFor({ action: 'approve' }, rows, null)).toBeNull();
  });
  it('names the members of each scope', () => {
    const none = { devices_changed: 0, users_changed: 0, devices_in_scope: 0, users_in_scope: 0 };
    expect(membersText(none, 'requesters_devices')).toBe('It unblocks nothing: no active device asked for it.');
    expect(membersText({ ...none, devices_changed: 1, devices_in_scope: 2 }, 'devices')).toBe(
      'It unblocks this for 1 of 2 devices and 0 of 0 users of the chosen devices.',
    );
  });
});

const also = (a: Partial<ImpactResponse['also_unblocked']>): ImpactResponse['also_unblocked'] => ({
  websites: 0,
  with_pending_requests: 0,
  sample: [],
  partial: false,
  ...a,
});

describe('impact preview: sentences', () => {
  it('says how many devices and users of the account it unblocks', () => {
    expect(membersText({ devices_changed: 12, devices_in_scope: 40, users_changed: 1, users_in_scope: 1 })).toBe(
      'It unblocks this for 12 of 40 devices and 1 of 1 user.',
    );
    expect(membersText({ devices_changed: 0, devices_in_scope: 40, users_changed: 0, users_in_scope: 9 })).toBe(
      'It unblocks nothing for any device or user: none of them is blocked from this now.',
    );
  });
  it("says the server connection's members when the approval is for the connection", () => {
    const counts = { devices_changed: 2, devices_in_scope: 5, users_changed: 1, users_in_scope: 3 };
    expect(membersText(counts, 'requesters_connections')).toBe(
      'It unblocks this for 2 of 5 devices and 1 of 3 users of the server connection.',
    );
    expect(
      membersText(
        { devices_changed: 0, devices_in_scope: 0, users_changed: 0, users_in_scope: 0 },
        'requesters_connections',
      ),
    ).toBe('It unblocks nothing: the server connection has no active devices or users.');
  });
  it('names what else it unblocks, how many more, and those waiting on a request', () => {
    expect(alsoText(also({}))).toBe('It unblocks no other website.');
    expect(alsoText(also({ websites: 1, sample: [{ id: 1, name: 'a.example' }] }))).toBe(
      'It also unblocks 1 other blocked website: a.example.',
    );
    const sample = ['a', 'b', 'c', 'd', 'e'].map((n, id) => ({ id, name: `${n}.example` }));
    expect(alsoText(also({ websites: 7, sample, with_pending_requests: 2 }))).toBe(
      'It also unblocks 7 other blocked websites: a.example, b.example, c.example, d.example, e.example and 2 more. 2 of them have a pending request.',
    );
    expect(alsoText(also({ websites: 5, sample, with_pending_requests: 1, partial: true }))).toBe(
      'It also unblocks at least 5 other blocked websites: a.example, b.example, c.example, d.example, e.example. 1 of them has a pending request.',
    );
  });
});

const key = (k: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: k !== k.toLowerCase(),
  ...mods,
});

describe('keyboard triage', () => {
  it('maps the keys; arrows, Home and End only in the table; nothing with Ctrl, Alt or Meta', () => {
    expect(triageCommand(key('j'), false)).toBe('next');
    expect(triageCommand(key('k'), false)).toBe('previous');
    expect(triageCommand(key('ArrowDown', { shiftKey: false }), false)).toBeNull();
    expect(triageCommand(key('ArrowDown', { shiftKey: false }), true)).toBe('next');
    expect(triageCommand(key('ArrowUp', { shiftKey: false }), true)).toBe('previous');
    expect(triageCommand(key('Home', { shiftKey: false }), true)).toBe('first');
    expect(triageCommand(key('End', { shiftKey: false }), false)).toBeNull();
    expect(triageCommand(key('x'), false)).toBe('select');
    expect(triageCommand(key('o'), false)).toBe('open');
    expect(triageCommand(key('a'), false)).toBe('approve');
    expect(triageCommand(key('A'), false)).toBe('approveSelected');
    expect(triageCommand(key('d'), false)).toBe('deny');
    expect(triageCommand(key('?', { shiftKey: true }), false)).toBe('help');
    expect(triageCommand(key('a', { ctrlKey: true }), true)).toBeNull();
    expect(triageCommand(key('d', { metaKey: true }), true)).toBeNull();
    expect(triageCommand(key('j', { altKey: true }), true)).toBeNull();
    expect(triageCommand(key('q'), true)).toBeNull();
  });

  it('every command is in the help list once', () => {
    const commands = TRIAGE_SHORTCUTS.map((s) => s.command);
    expect(new Set(commands).size).toBe(commands.length);
    expect(commands).toEqual(
      expect.arrayContaining(['next', 'previous', 'select', 'open', 'approve', 'approveSelected', 'deny', 'help']),
    );
  });

  it('stays out of the way of typing', () => {
    const el = (tagName: string, attrs: Record<string, string> = {}) => ({
      tagName,
      getAttribute: (n: string) => attrs[n] ?? null,
    });
    expect(isTypingTarget(el('INPUT'))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'search' }))).toBe(true);
    expect(isTypingTarget(el('INPUT', { type: 'checkbox' }))).toBe(false);
    expect(isTypingTarget(el('TEXTAREA'))).toBe(true);
    expect(isTypingTarget(el('SELECT'))).toBe(true);
    expect(isTypingTarget(el('DIV', { contenteditable: 'true' }))).toBe(true);
    expect(isTypingTarget(el('DIV', { role: 'combobox' }))).toBe(true);
    expect(isTypingTarget(el('BUTTON'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('moves within the page: the first move goes to the first row; the ends hold', () => {
    expect(movedIndex(-1, 5, 'next')).toBe(0);
    expect(movedIndex(-1, 5, 'previous')).toBe(0);
    expect(movedIndex(2, 5, 'next')).toBe(3);
    expect(movedIndex(4, 5, 'next')).toBe(4);
    expect(movedIndex(0, 5, 'previous')).toBe(0);
    expect(movedIndex(2, 5, 'first')).toBe(0);
    expect(movedIndex(2, 5, 'last')).toBe(4);
    expect(movedIndex(-1, 0, 'next')).toBe(-1);
  });

  it('announces where it is, what was selected and opened', () => {
    const row = {
      website: 'example.com',
      title: '',
      type: 'website' as const,
      by: 'Ben Smith',
      requester_count: 3,
      requested: 0,
    };
    expect(rowAnnouncement(row, 2, 25, true)).toMatch(
      /^Request 3 of 25: example\.com, asked by Ben Smith \+2 more on .+, selected\.$/,
    );
    expect(rowAnnouncement(row, 0, 1, false)).not.toMatch(/selected/);
    expect(selectAnnouncement(row, true, 2)).toBe('example.com selected. 2 requests selected.');
    expect(selectAnnouncement(row, false, 0)).toBe('example.com unselected. 0 requests selected.');
    expect(openAnnouncement({ ...row, type: 'media', title: 'A video' }, true)).toBe(
      'Details of A video shown below the row.',
    );
  });
});
