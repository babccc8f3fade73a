import { describe, expect, it } from 'vitest';
import { usersListQuery, usersListResponse } from '@wayguard/contracts';
import { flagsFilter } from '../filters/flags';
import { defineList } from '../list-definition';
import { chooseSort, cleanQuery, LIST_QUERY_MAX, parseListState, patchListParams } from '../list-state';

const users = defineList({
  key: 'users',
  endpoint: '/users',
  query: usersListQuery,
  response: usersListResponse,
  rows: (r) => r.users,
  total: (r) => r.total_count,
  rowKey: (u) => u.id,
  sorts: ['username', 'email_address', 'last_active'] as const,
  defaultSort: 'username',
  filters: { flags: flagsFilter(['deactivated'] as const) },
});
type Sort = (typeof users.sorts)[number];
const choose = (sortBy: Sort, firstReverse: boolean) => chooseSort<Sort, typeof users.filters>(sortBy, firstReverse);
const qs = (s: string) => new URLSearchParams(s);
const fresh = parseListState(qs(''), users);

describe('changes apply to the address as it is now', () => {
  it('keeps a sort the last render has not shown yet when a search follows it', () => {
    // The address already says email_address; the state on screen is still the default (username).
    const next = patchListParams(
      qs('page=1&count=25&sort_by=email_address&reverse_order=0'),
      fresh,
      { query: 'a', page: 1 },
      users,
    );
    expect(Object.fromEntries(next)).toEqual({
      page: '1',
      count: '25',
      sort_by: 'email_address',
      reverse_order: '0',
      query: 'a',
    });
  });

  it('uses the state shown (restored from storage) when the address has none of the list, and keeps other parameters', () => {
    const restored = { ...fresh, count: 50, sortBy: 'last_active' as const, reverse: true };
    const next = patchListParams(qs('create_user=1'), restored, { page: 2 }, users);
    expect(Object.fromEntries(next)).toEqual({
      create_user: '1',
      page: '2',
      count: '50',
      sort_by: 'last_active',
      reverse_order: '1',
    });
  });

  it('chooses a column: the sorted one reverses, another starts in its first order on page 1', () => {
    const at = (s: string, pick: ReturnType<typeof choose>) =>
      Object.fromEntries(patchListParams(qs(s), fresh, pick, users));
    expect(at('page=3&sort_by=email_address&reverse_order=0', choose('email_address', false))).toMatchObject({
      sort_by: 'email_address',
      reverse_order: '1',
      page: '1',
    });
    // Twice in a row (a double click), the second from the address the first left: A-Z, then Z-A.
    const once = patchListParams(qs('sort_by=username'), fresh, choose('email_address', false), users);
    const twice = patchListParams(once, fresh, choose('email_address', false), users);
    expect(twice.get('reverse_order')).toBe('1');
    expect(at('sort_by=username', choose('last_active', true))).toMatchObject({
      sort_by: 'last_active',
      reverse_order: '1',
    });
  });
});

describe('a hand-edited address never makes the list call fail', () => {
  it('caps the page at the list call maximum', () => {
    expect(parseListState(qs('page=99999999'), users).page).toBe(1_000_000);
  });

  it('drops control characters and caps the search at the call limit', () => {
    expect(cleanQuery(' a\u0000b\u0007c ')).toBe('abc');
    expect(cleanQuery('x'.repeat(LIST_QUERY_MAX + 20))).toHaveLength(LIST_QUERY_MAX);
    expect(parseListState(qs(`query=${'y'.repeat(300)}`), users).query).toHaveLength(100);
  });
});
