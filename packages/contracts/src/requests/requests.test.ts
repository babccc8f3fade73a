import { describe, expect, it } from 'vitest';
import {
  approvedAllowDisabled,
  blockForm,
  blockRequestBody,
  defaultRequestSort,
  deniedApproveOptions,
  forPopup,
  LIST_ACTIONS,
  usersOfChip,
  filterWebsiteGroups,
  listFilter,
  listOf,
  pendingApproveOptions,
  requestActionBody,
  requestErrorText,
  requestResultToasts,
  requestsListQuery,
  singleActionToast,
  BLOCK_MSG,
  REQUEST_MSG,
  type AssociationType,
} from '../index.js';

describe('result toasts (001 §8)', () => {
  it('counts approvals, denials and reviews', () => {
    const t = requestResultToasts('website', [
      { id: 1, action: 'added' },
      { id: 2, action: 'added' },
      { id: 3, action: 'removed' },
      { id: 4, action: 'requested' },
    ]);
    expect(t.success).toEqual([
      '2 website request(s) approved',
      '1 website request(s) denied',
      '1 sent to the Wayguard Team for processing',
    ]);
    expect(t.failure).toBeNull();
  });

  it('says what was added to the account whitelist', () => {
    expect(requestResultToasts('media', [{ id: 1, action: 'added' }], { accountWhitelist: true }).success).toEqual([
      '1 media request(s) approved',
      '1 added to account whitelist',
    ]);
  });

  it('groups failures by code and counts no-ops', () => {
    const t = requestResultToasts('website', [
      { id: 1, action: 'error', error: 'AC010' },
      { id: 2, action: 'error', error: 'AC010' },
      { id: 3, action: 'error', error: 'AC020' },
      { id: 4, action: 'none' },
    ]);
    expect(t.success).toEqual([]);
    expect(t.failure).toBe(
      '3 unsuccessful: request(s) does not exist or has already been processed [AC010] ' +
        'request(s) already approved [AC020] 1 request(s) no further action was taken',
    );
  });

  it('writes a code as the spec does', () => {
    expect(requestErrorText('AC058')).toBe('request(s) website already blocked [AC058]');
  });
});

describe('row actions (001 §4)', () => {
  const pending = {
    associationType: 'machine' as AssociationType,
    category_id: 12,
    requester_kinds: ['server_user' as const],
    requester_count: 1,
    device_count: 1,
    state: 'pending' as const,
    status: 'admin' as const,
  };

  it('offers the account first, then category, device, user, connection, group and selected devices', () => {
    expect(pendingApproveOptions(pending, 'Games').map((o) => o.label)).toEqual([
      'Approve for the whole account',
      'Approve the category Games',
      'Approve for this device',
      'Approve for this user',
      'Approve for this server connection',
      'Add to a website group...',
      'Approve for selected devices...',
    ]);
  });

  it('names how many users a user approval covers: every user who asked (issue 26)', () => {
    const three = pendingApproveOptions({ ...pending, requester_count: 3 }, null);
    expect(three.map((o) => o.label)).toContain('Approve for these 3 users');
    expect(three.map((o) => o.label)).not.toContain('Approve for this user');
  });

  it('leaves out category, user and connection when the row has none', () => {
    const labels = pendingApproveOptions(
      { ...pending, category_id: 0, requester_kinds: [], device_count: 3 },
      null,
    ).map((o) => o.label);
    expect(labels).toEqual([
      'Approve for the whole account',
      'Approve for these 3 devices',
      'Add to a website group...',
      'Approve for selected devices...',
    ]);
  });

  it.each([
    ['machine', ['Allow for this device', 'Allow for selected devices...']],
    ['devices', ['Allow for this device', 'Allow for selected devices...']],
    ['localuser', ['Allow for this user']],
    ['serveruser', ['Allow for this user', 'Allow for this server connection']],
    ['user', []],
    // Issue 26 (ST-08): an approval elsewhere than devices or users is offered again where it was.
    ['company', ['Allow for the whole account']],
    ['category', ['Allow the category Games']],
    ['website_group', ['Add to a website group...']],
    ['serverconnection', ['Allow for this server connection']],
  ] as [AssociationType, string[]][])('denied rows with association %s offer %j', (a, labels) => {
    expect(deniedApproveOptions({ associationType: a, category: 'Games' }).map((o) => o.label)).toEqual(labels);
  });

  it('the server accepts on a denied row every action a denied row may offer', () => {
    for (const a of [
      'machine',
      'devices',
      'localuser',
      'serveruser',
      'serverconnection',
      'company',
      'category',
      'website_group',
    ] as AssociationType[])
      for (const o of deniedApproveOptions({ associationType: a, category: 'Games' }))
        expect(LIST_ACTIONS.denied).toContain(o.action);
  });

  it.each([
    ['localuser', true],
    ['user', true],
    ['company', true],
    ['category', true],
    ['serveruser', true],
    ['serverconnection', true],
    ['mobile', false],
    ['devices', false],
  ] as [AssociationType, boolean][])('approved rows with association %s: allow disabled %s', (a, disabled) => {
    expect(approvedAllowDisabled({ associationType: a })).toBe(disabled);
  });

  it('maps lists to state and status and back', () => {
    expect(listFilter('pending_tech')).toEqual({ state: 'pending', status: 'tech' });
    expect(listOf('pending', 'tech')).toBe('pending_tech');
    expect(listOf('denied', 'tech')).toBe('denied');
  });

  it('sorts pending by requested and the others by processed, newest first (001 §9)', () => {
    expect(defaultRequestSort('pending')).toEqual({ sort_by: 'requested', reverse_order: true });
    expect(defaultRequestSort('approved')).toEqual({ sort_by: 'processed', reverse_order: true });
  });

  it('quotes the single toasts of 001 §8', () => {
    expect(singleActionToast('website', 'approve_and_add_to_device_whitelist', 'pending_admin')).toBe(
      'Website has been approved and allow for this device',
    );
    expect(singleActionToast('media', 'approve_and_add_to_user_whitelist', 'denied')).toBe(
      'Media has been approved and allowed for this user',
    );
    expect(singleActionToast('website', 'deny', 'pending_admin')).toBe('The pending website request has been denied');
    expect(singleActionToast('media', 'deny', 'pending_admin')).toBe('Request was denied.');
    expect(singleActionToast('website', 'request_review', 'denied')).toBe('Review request sent');
  });
});

describe('action body', () => {
  it('needs a review reason of at least 4 characters', () => {
    const r = requestActionBody.safeParse({ id: [1], action: 'request_review', type: 'website', reason: 'abc' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(REQUEST_MSG.reviewReasonShort);
    expect(
      requestActionBody.safeParse({ id: [1], action: 'request_review', type: 'website', reason: 'abcd' }).success,
    ).toBe(true);
  });

  it('needs a group for the website-group approval and devices for allow-for-devices', () => {
    expect(
      requestActionBody.safeParse({ id: [1], action: 'approve_and_add_to_website_group', type: 'website' }).success,
    ).toBe(false);
    expect(requestActionBody.safeParse({ id: [1], action: 'add_to_device_whitelist', type: 'website' }).success).toBe(
      false,
    );
  });

  it('refuses an empty selection with the spec-style text', () => {
    const r = requestActionBody.safeParse({ id: [], action: 'deny', type: 'website' });
    expect(r.error?.issues[0]?.message).toBe(REQUEST_MSG.noRowsSelected);
  });

  it('takes expiry presets and days only', () => {
    const ok = (expires: string) =>
      requestActionBody.safeParse({ id: [1], action: 'approve', type: 'website', expires }).success;
    expect(ok('7d')).toBe(true);
    expect(ok('2026-12-24')).toBe(true);
    expect(ok('forever')).toBe(false);
  });
});

describe('list query', () => {
  it('defaults to the websites pending for the administrator', () => {
    const q = requestsListQuery.parse({});
    expect(q).toMatchObject({ type: 'website', state: 'pending', status: 'admin', page: 1, count: 25 });
  });
});

describe('block form (001 §5)', () => {
  const valid = { url: 'https://example.com/x', reason: 'Games', name: 'Alex', email: 'a@b.co', for: 'global' };
  const msg = (v: object) => blockForm.safeParse({ ...valid, ...v }).error?.issues[0]?.message;

  it('accepts a valid form', () => expect(blockForm.safeParse(valid).success).toBe(true));
  it.each([
    [{ url: '' }, BLOCK_MSG.urlRequired],
    [{ url: 'not a url' }, BLOCK_MSG.urlInvalid],
    [{ reason: '' }, BLOCK_MSG.reasonRequired],
    [{ reason: 'ab' }, BLOCK_MSG.reasonShort],
    [{ name: '' }, BLOCK_MSG.nameRequired],
    [{ email: '' }, BLOCK_MSG.emailRequired],
    [{ email: 'nope' }, BLOCK_MSG.emailInvalid],
    [{ email: 'a'.repeat(30) + '@b.co' }, BLOCK_MSG.emailTooLong],
    [{ for: undefined }, BLOCK_MSG.targetRequired],
  ])('%j: %s', (v, m) => expect(msg(v)).toBe(m));

  it('needs a target item unless global', () => {
    const body = { url: 'example.com', reason: 'Games', notify: { name: 'A', email: 'a@b.co' } };
    expect(blockRequestBody.safeParse({ ...body, for: 'device' }).success).toBe(false);
    expect(
      blockRequestBody.safeParse({ ...body, for: 'device', device: { id: 'SER1', type: 'machine' } }).success,
    ).toBe(true);
    expect(blockRequestBody.safeParse({ ...body, for: 'global' }).success).toBe(true);
  });
});

describe('website groups', () => {
  it('searches names case-sensitively (001 §5)', () => {
    const g = [{ name: 'Science' }, { name: 'science club' }];
    expect(filterWebsiteGroups(g, 'Sci')).toEqual([{ name: 'Science' }]);
    expect(filterWebsiteGroups(g, '')).toEqual(g);
  });
});

describe('the For value popups (issue 26: 001 §2.5 user list, server connection list; §3 user filter)', () => {
  it('opens devices, or users and connections when an approval covered several', () => {
    expect(forPopup({ type: 'devices', id: null })).toBe('devices');
    expect(forPopup({ type: 'user', id: null })).toBe('users');
    expect(forPopup({ type: 'serverconnection', id: null })).toBe('connections');
    expect(forPopup({ type: 'user', id: 4 })).toBeNull();
    expect(forPopup({ type: 'serverconnection', id: 2 })).toBeNull();
    expect(forPopup({ type: 'company', id: null })).toBeNull();
    expect(forPopup({ type: 'machine', id: 3 })).toBeNull();
  });
  it('filters users All / Console / Server (a local user under All only)', () => {
    const users = [
      { id: 1, kind: 'user' as const, name: 'a' },
      { id: 2, kind: 'server_user' as const, name: 'b' },
      { id: 3, kind: 'local_user' as const, name: 'c' },
    ];
    expect(usersOfChip(users, 'all').map((u) => u.id)).toEqual([1, 2, 3]);
    expect(usersOfChip(users, 'console').map((u) => u.id)).toEqual([1]);
    expect(usersOfChip(users, 'server').map((u) => u.id)).toEqual([2]);
  });
});
