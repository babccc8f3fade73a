import { describe, expect, it } from 'vitest';
import { usersListQuery, usersListResponse } from '@wayguard/contracts';
import { appliedCount } from '../filters/filter-kind';
import { appliedFilterCount, flagDefaults, flagsFilter } from '../filters/flags';
import { defineList } from '../list-definition';
import { hasListParams, parseListState, toApiParams, toExportParams, writeListState } from '../list-state';
import { downloadName } from '../download';
import { pageAfterEnd, pageCount, rangeText } from '../paging';
import { firstReverse, sortLabel } from '../sort-labels';

const users = defineList({
  key: 'users',
  endpoint: '/users',
  query: usersListQuery,
  response: usersListResponse,
  rows: (r) => r.users,
  total: (r) => r.total_count,
  rowKey: (u) => u.id,
  sorts: ['username', 'last_active'] as const,
  defaultSort: 'username',
  filters: { flags: flagsFilter(['deactivated', 'failed_email_delivery'] as const) },
});
// No devices contract yet: the address part of a list needs none.
const devices = {
  key: 'devices',
  sorts: ['name'] as const,
  defaultSort: 'name' as const,
  filters: { flags: flagsFilter(['online', 'deactivated'] as const, { on: ['online'] }) },
};

const qs = (s: string) => new URLSearchParams(s);

describe('list state in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(parseListState(qs(''), users)).toEqual({
      page: 1,
      count: 25,
      sortBy: 'username',
      reverse: false,
      query: '',
      filters: { flags: { deactivated: false, failed_email_delivery: false } },
    });
  });

  it('reads every parameter, and invalid values as their defaults', () => {
    const s = parseListState(
      qs('page=3&count=50&sort_by=last_active&reverse_order=1&query=%20ann%20&deactivated=1'),
      users,
    );
    expect(s).toMatchObject({ page: 3, count: 50, sortBy: 'last_active', reverse: true, query: 'ann' });
    expect(s.filters.flags.deactivated).toBe(true);
    expect(parseListState(qs('page=0&count=33&sort_by=password&reverse_order=x'), users)).toMatchObject({
      page: 1,
      count: 25,
      sortBy: 'username',
      reverse: false,
    });
    expect(parseListState(qs('page=2.5'), users).page).toBe(1);
  });

  it('writes the core keys always, filters only when they differ from their default, and keeps other parameters', () => {
    const state = {
      ...parseListState(qs(''), users),
      page: 2,
      query: 'a b',
      filters: { flags: { deactivated: true, failed_email_delivery: false } },
    };
    expect(writeListState(qs('create_user=1&page=9'), state, users).toString()).toBe(
      'create_user=1&page=2&count=25&sort_by=username&reverse_order=0&query=a+b&deactivated=1',
    );
    const off = { ...parseListState(qs(''), devices), filters: { flags: { online: false, deactivated: false } } };
    expect(writeListState(qs(''), off, devices).get('online')).toBe('0');
    expect(parseListState(writeListState(qs(''), off, devices), devices).filters.flags.online).toBe(false);
    expect(parseListState(qs(''), devices).filters.flags.online).toBe(true);
  });

  it('round-trips', () => {
    const s = parseListState(
      qs('page=4&count=100&sort_by=last_active&reverse_order=1&query=x&failed_email_delivery=1'),
      users,
    );
    expect(parseListState(writeListState(qs(''), s, users), users)).toEqual(s);
  });

  it('knows whether an address speaks about the list', () => {
    expect(hasListParams(qs('create_user=1'), users)).toBe(false);
    expect(hasListParams(qs('deactivated=1'), users)).toBe(true);
    expect(hasListParams(qs('page=1'), users)).toBe(true);
  });

  it('sends the API the spec names, flags as 1, and exports without paging', () => {
    const s = parseListState(qs('page=2&sort_by=last_active&reverse_order=1&deactivated=1'), users);
    expect(toApiParams(s, users)).toEqual({
      page: 2,
      count: 25,
      sort_by: 'last_active',
      reverse_order: '1',
      deactivated: '1',
    });
    expect(toExportParams(s, users)).toEqual({ sort_by: 'last_active', reverse_order: '1', deactivated: '1' });
  });

  it('sends parameters the list contract accepts as they are', () => {
    const s = parseListState(qs('page=3&count=50&sort_by=last_active&reverse_order=1&query=a&deactivated=1'), users);
    expect(usersListQuery.parse(toApiParams(s, users))).toEqual({
      page: 3,
      count: 50,
      sort_by: 'last_active',
      reverse_order: true,
      query: 'a',
      deactivated: true,
    });
  });

  it('counts the filters that differ from the defaults', () => {
    expect(
      appliedFilterCount(
        { deactivated: true, failed_email_delivery: true },
        flagDefaults(['deactivated', 'failed_email_delivery'] as const),
      ),
    ).toBe(2);
    expect(appliedFilterCount({ online: true, deactivated: false }, devices.filters.flags.initial)).toBe(0);
    expect(appliedCount(devices.filters, { flags: { online: false, deactivated: true } })).toBe(2);
  });
});

describe('pager and sort texts', () => {
  it("reads 'from–to of count items', or 'more than' for -1", () => {
    expect(rangeText(1, 25, 85, 25)).toBe('1–25 of 85 items');
    expect(rangeText(4, 25, 85, 10)).toBe('76–85 of 85 items');
    expect(rangeText(2, 25, -1, 25)).toBe('26–50 of more than 50 items');
  });

  it('counts pages, guessing one more when the total is unknown and the page is full', () => {
    expect(pageCount(1, 25, 85, 25)).toBe(4);
    expect(pageCount(1, 25, 0, 0)).toBe(1);
    expect(pageCount(3, 25, -1, 25)).toBe(4);
    expect(pageCount(3, 25, -1, 7)).toBe(3);
  });

  it('moves a page past the end to the last page, and only then', () => {
    expect(pageAfterEnd(9, 25, 85, 0)).toBe(4);
    expect(pageAfterEnd(1_000_000, 25, 85, 0)).toBe(4);
    expect(pageAfterEnd(4, 25, 85, 10)).toBeNull();
    // Nothing matches at all: page 1 with the empty state, not a move.
    expect(pageAfterEnd(3, 25, 0, 0)).toBeNull();
    // 'More than' (-1): there is no last page to name, so the page stays (the pager offers Previous).
    expect(pageAfterEnd(5, 25, -1, 0)).toBeNull();
  });

  it('labels sorts as the spec does', () => {
    expect([sortLabel('text', false), sortLabel('text', true)]).toEqual(['A-Z', 'Z-A']);
    expect([sortLabel('number', false), sortLabel('number', true)]).toEqual(['0-9', '9-0']);
    expect([sortLabel('date', true), sortLabel('date', false)]).toEqual(['Newest first', 'Oldest first']);
    expect([firstReverse('date'), firstReverse('text')]).toEqual([true, false]);
  });
});

describe('export file names', () => {
  it('keeps the server name, makes it safe, and ends it in .xlsx', () => {
    expect(downloadName('users-2026-11-21.xlsx', '.xlsx')).toBe('users-2026-11-21.xlsx');
    expect(downloadName('a/b:c\u0007', '.xlsx')).toBe('a_b_c.xlsx');
    expect(downloadName('', '.xlsx')).toBe('export.xlsx');
  });

  it("an address of only changes ('changes', the review queue): the defaults are left out, any change is written", () => {
    const queue = { ...devices, address: 'changes' as const };
    const fresh = parseListState(new URLSearchParams(), queue);
    expect(writeListState(new URLSearchParams('other=1'), fresh, queue).toString()).toBe('other=1');
    const changed = { ...fresh, page: 2, reverse: true, query: 'x' };
    expect(writeListState(new URLSearchParams(), changed, queue).toString()).toBe(
      'page=2&sort_by=name&reverse_order=1&query=x',
    );
    // A full address keeps every core parameter.
    expect(writeListState(new URLSearchParams(), fresh, devices).toString()).toBe(
      'page=1&count=25&sort_by=name&reverse_order=0',
    );
  });
});
