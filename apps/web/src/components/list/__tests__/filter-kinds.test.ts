import { describe, expect, it } from 'vitest';
import { BILLED_OPTIONS, MEDIA_TYPE_GROUPS, type BilledOption } from '@wayguard/contracts';
import { choiceFilter } from '../filters/choice';
import { appliedCount } from '../filters/filter-kind';
import { FILTER_INDEX_PARAM, filterIndexFilter } from '../filters/filter-index';
import { flagsFilter } from '../filters/flags';
import {
  appliedLabel,
  groupedChoiceFilter,
  groupState,
  toggleGroup,
  toggleOption,
  type ChoiceGroup,
} from '../filters/grouped-choice';
import { parseListState, toApiParams, writeListState } from '../list-state';

const qs = (s: string) => new URLSearchParams(s);
/** What a filter writes into an empty address. */
const written = <V>(f: { write: (a: URLSearchParams, v: V) => void }, v: V) => {
  const a = qs('');
  f.write(a, v);
  return a.toString();
};

describe('flags', () => {
  // The devices list's defaults (001 §2.1): online and offline on, PC and mobile on, deactivated off.
  const devices = flagsFilter(['online', 'offline', 'pc', 'mobile', 'deactivated'] as const, {
    on: ['online', 'offline', 'pc', 'mobile'],
  });

  it('starts from the defaults and reads 1/true and 0/false, anything else as the default', () => {
    expect(devices.initial).toEqual({ online: true, offline: true, pc: true, mobile: true, deactivated: false });
    expect(devices.read(qs('online=0&deactivated=true&pc=maybe'))).toMatchObject({
      online: false,
      deactivated: true,
      pc: true,
    });
  });

  it('writes only the flags that differ from their defaults, and sends every flag that is on', () => {
    const v = { ...devices.initial, online: false, deactivated: true };
    expect(written(devices, v)).toBe('online=0&deactivated=1');
    expect(written(devices, devices.initial)).toBe('');
    expect(devices.toApi(v)).toEqual({ offline: '1', pc: '1', mobile: '1', deactivated: '1' });
    expect(devices.applied(v)).toBe(2);
  });
});

describe('one-of choice (billed options)', () => {
  const keys = BILLED_OPTIONS.map((o) => o.key);
  // Sent as the flag of the chosen option; 'all billed' is the list without a billed filter.
  const billed = choiceFilter({
    param: 'billed',
    options: keys,
    initial: 'all_billed',
    apiParams: ['registered_not_billed', 'billed_not_registered'] as const,
    toApi: (o: BilledOption | null) =>
      o === 'registered_not_billed' || o === 'billed_not_registered' ? { [o]: '1' } : {},
  });

  it("has the spec's three options", () => {
    expect(BILLED_OPTIONS.map((o) => o.label)).toEqual([
      'All billed',
      'Registered not billed',
      'Billed not registered',
    ]);
  });

  it('reads a known option, anything else as the initial one', () => {
    expect(billed.read(qs('billed=billed_not_registered'))).toBe('billed_not_registered');
    expect(billed.read(qs('billed=everything'))).toBe('all_billed');
    expect(billed.read(qs(''))).toBe('all_billed');
  });

  it('writes and counts only a choice other than the initial, and sends it its own way', () => {
    expect(written(billed, 'registered_not_billed')).toBe('billed=registered_not_billed');
    expect(written(billed, 'all_billed')).toBe('');
    expect(billed.applied('registered_not_billed')).toBe(1);
    expect(billed.applied('all_billed')).toBe(0);
    expect(billed.toApi('registered_not_billed')).toEqual({ registered_not_billed: '1' });
    expect(billed.toApi('all_billed')).toEqual({});
  });

  it('by default sends the chosen key under its call name, nothing while none is chosen', () => {
    const access = choiceFilter({
      param: 'access',
      apiParam: 'access_filters',
      options: ['allowed', 'blocked', 'scheduled', 'not-scheduled'] as const,
      initial: null,
    });
    expect(access.toApi('blocked')).toEqual({ access_filters: 'blocked' });
    expect(access.toApi(null)).toEqual({});
    expect(access.apiParams).toEqual(['access_filters']);
    expect(written(access, 'blocked')).toBe('access=blocked');
    expect(access.applied(null)).toBe(0);
  });
});

describe('grouped multi-choice (media types)', () => {
  const groups: ChoiceGroup<string>[] = MEDIA_TYPE_GROUPS.map((g) => ({
    key: g.key,
    label: g.label,
    options: g.types.map((t) => ({ key: t.key, label: t.label })),
  }));
  const [social, video] = groups as [ChoiceGroup<string>, ChoiceGroup<string>];
  const order = groups.flatMap((g) => g.options.map((o) => o.key));
  const media = groupedChoiceFilter({ param: 'media_types', apiParam: 'media_types', groups });

  it('has the Social Media and Video groups', () => {
    expect(groups.map((g) => g.label)).toEqual(['Social Media', 'Video']);
  });

  it('shows a group checked, indeterminate or clear', () => {
    expect(groupState(video, [])).toBe('none');
    expect(groupState(video, ['video'])).toBe('some');
    expect(
      groupState(
        video,
        video.options.map((o) => o.key),
      ),
    ).toBe('all');
  });

  it('a group click chooses the whole group, or clears it when all of it is chosen', () => {
    const some = ['account', 'video'];
    const all = toggleGroup(video, some, order);
    expect(groupState(video, all)).toBe('all');
    expect(all).toContain('account');
    expect(toggleGroup(video, all, order)).toEqual(['account']);
    expect(groupState(social, toggleGroup(social, [], order))).toBe('all');
  });

  it('keeps the declaration order whatever the click order', () => {
    expect(toggleOption('account', true, toggleOption('video', true, [], order), order)).toEqual(['account', 'video']);
    expect(toggleOption('video', false, ['account', 'video'], order)).toEqual(['account']);
  });

  it('holds a comma list in the address and the call, dropping unknown keys', () => {
    expect(media.read(qs('media_types=video,nonsense,account'))).toEqual(['account', 'video']);
    expect(written(media, ['video', 'account'])).toBe('media_types=account%2Cvideo');
    expect(written(media, [])).toBe('');
    expect(media.toApi(['account', 'video'])).toEqual({ media_types: 'account,video' });
    expect(media.toApi([])).toEqual({});
    expect(media.applied(['account', 'video'])).toBe(2);
  });

  it("reads '{n} filter(s) applied' as the spec writes it", () => {
    expect(appliedLabel(0)).toBe('Filter');
    expect(appliedLabel(1)).toBe('1 filter(s) applied');
    expect(appliedLabel(3)).toBe('3 filter(s) applied');
  });
});

describe('filterIndex', () => {
  const tabs = filterIndexFilter({
    count: 3,
    apiParams: ['status'] as const,
    toApi: (i) => ({ status: ['admin', 'tech', 'all'][i] ?? 'admin' }),
  });

  it('is kept in the address parameter filterIndex, always', () => {
    expect(FILTER_INDEX_PARAM).toBe('filterIndex');
    expect(written(tabs, 0)).toBe('filterIndex=0');
    expect(written(tabs, 2)).toBe('filterIndex=2');
  });

  it('reads an index outside the tabs as the initial one', () => {
    expect(tabs.read(qs('filterIndex=1'))).toBe(1);
    for (const bad of ['3', '-1', '1.5', 'x', '']) expect(tabs.read(qs(`filterIndex=${bad}`))).toBe(0);
  });

  it('sends what the tab means, and is a view rather than an applied filter', () => {
    expect(tabs.toApi(1)).toEqual({ status: 'tech' });
    expect(tabs.applied(2)).toBe(0);
  });
});

describe('filters of several kinds in one list', () => {
  const list = {
    key: 'media',
    sorts: ['name', 'media_type'] as const,
    defaultSort: 'name' as const,
    filters: {
      tab: filterIndexFilter({ count: 2 }),
      media: groupedChoiceFilter({
        param: 'media_types',
        apiParam: 'media_types',
        groups: [{ key: 'v', label: 'Video', options: [{ key: 'video', label: 'Video' }] }],
      }),
      flags: flagsFilter(['bookmarked'] as const),
    },
  };

  it('reads, writes and sends each by its own rules, and counts what is applied', () => {
    const s = parseListState(qs('filterIndex=1&media_types=video&bookmarked=1'), list);
    expect(s.filters).toEqual({ tab: 1, media: ['video'], flags: { bookmarked: true } });
    expect(writeListState(qs(''), s, list).toString()).toBe(
      'page=1&count=25&sort_by=name&reverse_order=0&filterIndex=1&media_types=video&bookmarked=1',
    );
    expect(toApiParams(s, list)).toMatchObject({ media_types: 'video', bookmarked: '1' });
    expect(appliedCount(list.filters, s.filters)).toBe(2);
  });
});
