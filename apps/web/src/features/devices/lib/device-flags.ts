/**
 * The devices list's filters (001 §2.1, §9): the flags, whose absence the server reads as their
 * default, so every flag is sent as '1' or '0'; and the billed options, one choice sent as a flag of
 * its own ('all_billed' sends nothing).
 */
import {
  BILLED_OPTIONS,
  DEVICE_FILTER_DEFAULTS,
  DEVICE_FILTER_FLAGS,
  DEVICE_FILTER_LABELS,
  DEVICE_KIND_FILTERS,
  DEVICE_STATUS_FILTERS,
  type BilledOption,
  type DeviceFilterFlag,
} from '@wayguard/contracts';
import { choiceFilter, flagsFilter, type FilterGroup, type Flags } from '../../../components/list';

/** Every flag, on or off: an absent flag would read as its default on the server. */
export function deviceFlagParams(flags: Flags<DeviceFilterFlag>): Partial<Record<DeviceFilterFlag, string>> {
  return Object.fromEntries(DEVICE_FILTER_FLAGS.map((f) => [f, flags[f] ? '1' : '0']));
}

const flags = flagsFilter(DEVICE_FILTER_FLAGS, { on: DEVICE_FILTER_DEFAULTS });
export const deviceFlagsFilter: typeof flags = { ...flags, toApi: deviceFlagParams };

export const BILLED_KEYS = BILLED_OPTIONS.map((o) => o.key);
export const BILLED_PARAMS = ['registered_not_billed', 'billed_not_registered'] as const;
type BilledParam = (typeof BILLED_PARAMS)[number];

/** 'all_billed' (or none) sends nothing; the other two send their own flag as '1'. */
export function billedParams(option: BilledOption | null): Partial<Record<BilledParam, string>> {
  if (option === 'registered_not_billed') return { registered_not_billed: '1' };
  if (option === 'billed_not_registered') return { billed_not_registered: '1' };
  return {};
}

export const deviceBilledFilter = choiceFilter({
  param: 'billed',
  options: BILLED_KEYS,
  initial: 'all_billed',
  apiParams: BILLED_PARAMS,
  toApi: billedParams,
});

export const BILLED_CHOICES = BILLED_OPTIONS.map((o) => ({ value: o.key, label: o.label }));

const option = (f: DeviceFilterFlag) => ({ value: f, label: DEVICE_FILTER_LABELS[f] });

/**
 * The filter popup's groups (groups are combined with AND, the flags of a group with OR). One of
 * Online and Offline, and one of PC and Mobile, stays ticked (issue 26): with neither the server would
 * restrict nothing and list every device, the opposite of what unticking both says.
 */
export const DEVICE_FILTER_GROUPS: FilterGroup<DeviceFilterFlag>[] = [
  {
    label: 'Status',
    options: [option('online'), option('offline'), option('deactivated')],
    atLeastOne: DEVICE_STATUS_FILTERS,
  },
  { label: 'Type', options: [option('machine'), option('mobile')], atLeastOne: DEVICE_KIND_FILTERS },
  { label: 'Alerts', options: [option('critical_alerts'), option('important_alerts')] },
];
