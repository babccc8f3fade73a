/** The websites and media lists send the node, the access filter and the media types as the contract takes them. */
import { describe, expect, it } from 'vitest';
import { mediaListQuery, websitesListQuery } from '@wayguard/contracts';
import { defaultListState, toApiParams, writeListState } from '../../../components/list';
import { openPanels, panelsAfterSearch } from '../lib/category-panels';
import {
  ACCESS_FILTER_CHOICES,
  accessFilterOf,
  accessMenuChoice,
  mediaList,
  nodeParams,
  websitesList,
} from '../lib/list-configs';

const machine = { type: 'machine' as const, id: 'NFPC1001' };
const user = { type: 'server_user' as const, id: '7' };

describe('the node on every call', () => {
  it('is sent as id and type, never in the address, never counted as a filter', () => {
    const f = nodeParams(machine);
    expect(f.toApi(null)).toEqual({ id: 'NFPC1001', type: 'machine' });
    expect(f.params).toEqual([]);
    expect(f.applied(null)).toBe(0);
  });
  it('gives each node one kept declaration', () => {
    expect(websitesList(machine)).toBe(websitesList({ ...machine }));
    expect(websitesList(machine)).not.toBe(websitesList(user));
    expect(mediaList(user)).toBe(mediaList({ type: 'server_user', id: '7' }));
  });
});

describe('the websites list (002 §2.4, §9)', () => {
  const list = websitesList(machine);
  it('starts at page 1, 25 rows, rules and requests first (ours, issue 26), without a filter', () => {
    const state = defaultListState(list);
    expect(toApiParams(state, list)).toEqual({
      page: 1,
      count: 25,
      sort_by: 'managed',
      reverse_order: '0',
      id: 'NFPC1001',
      type: 'machine',
    });
  });
  it("sends the access filter as the contract's access_filters, and the contract takes it", () => {
    const state = { ...defaultListState(list), filters: { node: null, access: 'scheduled' as const } };
    const params = toApiParams(state, list);
    expect(params.access_filters).toBe('scheduled');
    expect(websitesListQuery.parse(params).access_filters).toEqual(['scheduled']);
    expect(writeListState(new URLSearchParams(), state, list).get('access')).toBe('scheduled');
  });
  it('offers All websites, then the four access filters of 002 §2.4', () => {
    expect(ACCESS_FILTER_CHOICES.map((c) => c.value)).toEqual([
      'all',
      'allowed',
      'blocked',
      'scheduled',
      'not-scheduled',
    ]);
    expect(ACCESS_FILTER_CHOICES[0]!.label).toBe('All websites');
  });
  it('takes a filter off with All websites (002 review #4), and shows no filter as All websites', () => {
    expect(accessFilterOf('all')).toBeNull();
    expect(accessFilterOf('blocked')).toBe('blocked');
    expect(accessMenuChoice(null)).toBe('all');
    expect(accessMenuChoice('scheduled')).toBe('scheduled');
  });
});

describe('the media list (002 §2.5)', () => {
  const list = mediaList(user);
  it('sends the chosen media types as one comma list the contract takes', () => {
    // The address's order does not matter: the groups' order does.
    const mediaTypes = list.filters.mediaTypes.read(new URLSearchParams('media_types=video,nonsense,group'));
    const params = toApiParams({ ...defaultListState(list), filters: { node: null, mediaTypes } }, list);
    expect(params.media_types).toBe('group,video');
    expect(params).toMatchObject({ id: '7', type: 'server_user' });
    expect(mediaListQuery.parse(params).media_types).toEqual(['group', 'video']);
  });
  it('sorts rules and requests first (the default), by name or by media type', () => {
    expect(list.sorts).toEqual(['managed', 'name', 'media_type']);
    expect(list.defaultSort).toBe('managed');
  });
});

describe('category panels (002 §2.3)', () => {
  it('all open after a search, all closed when it is cleared', () => {
    expect(openPanels(panelsAfterSearch('game'), ['a', 'b'])).toEqual(['a', 'b']);
    expect(openPanels(panelsAfterSearch('  '), ['a', 'b'])).toEqual([]);
  });
  it('keeps the panels the visitor opened that are still on screen', () => {
    expect(openPanels(['b', 'gone'], ['a', 'b'])).toEqual(['b']);
  });
});

describe('saved views', () => {
  it("are each node's own", () => {
    expect(websitesList(machine).key).toBe('web-access-websites.machine.NFPC1001');
    expect(mediaList(user).key).toBe('web-access-media.server_user.7');
  });
});
