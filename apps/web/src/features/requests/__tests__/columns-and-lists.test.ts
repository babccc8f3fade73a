/** The request lists' columns by list (001 §2.4), their spans, and what each list sends (001 §7, §9). */
import { describe, expect, it } from 'vitest';
import { requestsListQuery, REQUEST_MSG } from '@wayguard/contracts';
import { defaultListState, toApiParams, writeListState } from '../../../components/list';
import {
  byText,
  columnHeader,
  columnKeys,
  columnSort,
  EMPTY_TEXT,
  forText,
  selectable,
  tableSpan,
} from '../lib/columns';
import { filterTabs, requestsList, tabParams } from '../lib/list-configs';
import { documentTitle, listOfPath, requestsTitle } from '../lib/views';

describe('columns by list (001 §2.4)', () => {
  it('shows the spec columns to those who act', () => {
    expect(columnKeys('pending_admin', true)).toEqual(['subject', 'by', 'requested']);
    expect(columnKeys('pending_tech', true)).toEqual(['subject', 'for', 'requested', 'actions']);
    expect(columnKeys('approved', true)).toEqual(['subject', 'by', 'for', 'approved', 'bookmark', 'actions']);
    expect(columnKeys('denied', true)).toEqual(['subject', 'by', 'for', 'denied', 'actions']);
  });
  it('spans 5 cells on pending lists, 7 on approved and 6 on denied', () => {
    expect(tableSpan('pending_admin', true)).toBe(5);
    expect(tableSpan('pending_tech', true)).toBe(5);
    expect(tableSpan('approved', true)).toBe(7);
    expect(tableSpan('denied', true)).toBe(6);
  });
  it('gives a Console User no actions and no selection', () => {
    expect(columnKeys('approved', false)).not.toContain('actions');
    expect(columnKeys('denied', false)).not.toContain('actions');
    expect(columnKeys('pending_tech', false)).not.toContain('actions');
    expect(selectable('pending_admin', false)).toBe(false);
    expect(selectable('pending_admin', true)).toBe(true);
    expect(selectable('approved', true)).toBe(false);
  });
  it('names the subject column by kind and sorts by the spec keys', () => {
    expect(columnHeader('subject', 'website')).toBe('Website');
    expect(columnHeader('subject', 'media')).toBe('Media');
    expect(columnSort('subject')).toEqual({ key: 'url', kind: 'text' });
    expect(columnSort('by')).toEqual({ key: 'requester', kind: 'text' });
    expect(columnSort('approved')).toEqual({ key: 'processed', kind: 'date' });
    expect(columnSort('requested')).toEqual({ key: 'requested', kind: 'date' });
    expect(columnSort('bookmark')).toBeUndefined();
  });
  it('has the empty texts word for word', () => {
    expect(EMPTY_TEXT.pending_admin).toBe('There are no further requests to process');
    expect(EMPTY_TEXT.pending_tech).toBe('No requests could be found');
    expect(EMPTY_TEXT.approved).toBe('No websites found');
    expect(EMPTY_TEXT.denied).toBe('No requests could be found');
  });
  it("reads 'Account list' for an empty For and '+N more' for a thread of several", () => {
    expect(forText('')).toBe(REQUEST_MSG.accountList);
    expect(forText('PC-1')).toBe('PC-1');
    expect(byText({ by: 'Sam', requester_count: 1 })).toBe('Sam');
    expect(byText({ by: 'Sam', requester_count: 3 })).toBe('Sam +2 more');
    expect(byText({ by: '', requester_count: 10 })).toBe('10 requesters');
    expect(byText({ by: ' ', requester_count: 1 })).toBe('Unknown user');
  });
});

describe('routes and titles', () => {
  it('maps addresses to lists', () => {
    expect(listOfPath('pending')).toBe('pending_admin');
    expect(listOfPath('pending/tech')).toBe('pending_tech');
    expect(listOfPath('approved')).toBe('approved');
    expect(listOfPath('denied')).toBe('denied');
    expect(requestsTitle('website')).toBe('Websites Requests');
    expect(requestsTitle('media')).toBe('Requests');
    expect(documentTitle('website', 'pending_tech')).toBe('Websites Requests – Pending for the support team');
    expect(documentTitle('media', 'approved')).toBe('Media Requests – Approved');
  });
});

describe('the list calls (001 §7, §9)', () => {
  it('pending admin: pending, admin, by requested, newest first', () => {
    const def = requestsList('website', 'pending_admin');
    const params = toApiParams(defaultListState(def), def);
    expect(params).toMatchObject({ type: 'website', state: 'pending', status: 'admin', sort_by: 'requested' });
    expect(requestsListQuery.safeParse(params).success).toBe(true);
  });
  it('approved and denied: by processed, reversed', () => {
    for (const l of ['approved', 'denied'] as const) {
      const def = requestsList('media', l);
      const state = defaultListState(def);
      expect(state.sortBy).toBe('processed');
      expect(state.reverse).toBe(true);
      expect(toApiParams(state, def)).toMatchObject({ type: 'media', state: l, status: 'all' });
    }
  });
  it('keeps one declaration per kind and list', () => {
    expect(requestsList('website', 'approved')).toBe(requestsList('website', 'approved'));
    expect(requestsList('website', 'approved')).not.toBe(requestsList('media', 'approved'));
  });
  it('sends expiring=1 or bookmarked=1 from the approved tabs, kept in filterIndex', () => {
    expect(filterTabs('approved')).toEqual(['All', 'Expiring soon', 'Bookmarked']);
    expect(filterTabs('pending_admin')).toEqual(['All']);
    expect(tabParams('approved', 1)).toEqual({ expiring: '1' });
    expect(tabParams('approved', 2)).toEqual({ bookmarked: '1' });
    expect(tabParams('denied', 1)).toEqual({});
    const def = requestsList('website', 'approved');
    const initial = defaultListState(def);
    const state = { ...initial, filters: { ...initial.filters, tab: 1 } };
    expect(toApiParams(state, def)).toMatchObject({ expiring: '1' });
    expect(writeListState(new URLSearchParams(), state, def).get('filterIndex')).toBe('1');
  });
  it('sends media types on media lists only', () => {
    const media = requestsList('media', 'pending_admin');
    const s = defaultListState(media);
    const withTypes = { ...s, filters: { ...s.filters, mediaTypes: ['video' as const] } };
    expect(toApiParams(withTypes, media)).toMatchObject({ media_types: 'video' });
    const site = requestsList('website', 'pending_admin');
    expect(site.filters.mediaTypes.read(new URLSearchParams('media_types=video'))).toEqual([]);
  });
});
