import { describe, expect, it } from 'vitest';
import {
  appliedFilterCount,
  defaultFilters,
  defineListConfig,
  hasListParams,
  parseListState,
  toApiParams,
  toExportParams,
  writeListState,
} from '../list-state';
import { downloadName } from '../download';
import { pageCount, rangeText } from '../ListPagination';
import { firstReverse, sortLabel } from '../sort-labels';

const users = defineListConfig({
  key: 'users',
  sortKeys: ['username', 'last_active'] as const,
  defaultSort: 'username',
  filterKeys: ['deactivated', 'failed_email_delivery'] as const,
});
const devices = defineListConfig({
  key: 'devices',
  sortKeys: ['name'] as const,
  defaultSort: 'name',
  filterKeys: ['online', 'deactivated'] as const,
  defaultFilters: ['online'] as const,
});

const qs = (s: string) => new URLSearchParams(s);

describe('list state in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(parseListState(qs(''), users)).toEqual({
      page: 1,
      count: 25,
      sortBy: 'username',
      reverse: false,
      query: '',
      filters: { deactivated: false, failed_email_delivery: false },
    });
  });

  it('reads every parameter, and invalid values as their defaults', () => {
    const s = parseListState(
      qs('page=3&count=50&sort_by=last_active&reverse_order=1&query=%20ann%20&deactivated=1'),
      users,
    );
    expect(s).toMatchObject({ page: 3, count: 50, sortBy: 'last_active', reverse: true, query: 'ann' });
    expect(s.filters.deactivated).toBe(true);
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
      filters: { deactivated: true, failed_email_delivery: false },
    };
    expect(writeListState(qs('create_user=1&page=9'), state, users).toString()).toBe(
      'create_user=1&page=2&count=25&sort_by=username&reverse_order=0&query=a+b&deactivated=1',
    );
    const off = { ...parseListState(qs(''), devices), filters: { online: false, deactivated: false } };
    expect(writeListState(qs(''), off, devices).get('online')).toBe('0');
    expect(parseListState(writeListState(qs(''), off, devices), devices).filters.online).toBe(false);
    expect(parseListState(qs(''), devices).filters.online).toBe(true);
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

  it('counts the filters that differ from the defaults', () => {
    expect(appliedFilterCount({ deactivated: true, failed_email_delivery: true }, defaultFilters(users))).toBe(2);
    expect(appliedFilterCount({ online: true, deactivated: false }, defaultFilters(devices))).toBe(0);
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
});
