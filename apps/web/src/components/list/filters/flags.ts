/**
 * Flags: on/off filters, each its own address parameter and its own list-call flag (the users list's
 * seven, 000 §2.7; the devices list's online, offline, PC, mobile, deactivated, 001 §2.1). In the
 * address a flag appears only when it differs from its default ('1' on, '0' off); the call gets every
 * flag that is on as '1'. The UI piece is FilterPopup (groups of checkboxes).
 */
import type { FilterKind } from './filter-kind';

export type Flags<F extends string> = Record<F, boolean>;

type Options<F extends string> = {
  /** Flags that are on unless the address turns them off (the devices list's online and offline). */
  on?: readonly NoInfer<F>[];
};

/** '1'/'true' and '0'/'false', as the contracts' queryFlag reads them; anything else is no answer. */
export function readFlag(value: string | null): boolean | undefined {
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return undefined;
}

export function flagDefaults<F extends string>(keys: readonly F[], on: readonly F[] = []): Flags<F> {
  const set = new Set<string>(on);
  return Object.fromEntries(keys.map((k) => [k, set.has(k)])) as Flags<F>;
}

/** How many flags differ from their defaults: the number in the filter button's label. */
export function appliedFilterCount<F extends string>(flags: Flags<F>, defaults: Flags<F>): number {
  return (Object.keys(flags) as F[]).filter((k) => flags[k] !== defaults[k]).length;
}

/**
 * A flag that cannot be unticked: the only one still ticked of a set that keeps at least one (a group
 * with none ticked would restrict nothing, which a person reads as 'none').
 */
export function isLastTicked<F extends string>(
  flags: Flags<F>,
  atLeastOne: readonly F[] | undefined,
  flag: F,
): boolean {
  if (!atLeastOne?.includes(flag) || !flags[flag]) return false;
  return atLeastOne.filter((f) => flags[f]).length === 1;
}

export function flagsFilter<F extends string>(keys: readonly F[], options: Options<F> = {}): FilterKind<Flags<F>, F> {
  const initial = flagDefaults(keys, options.on);
  return {
    params: keys,
    apiParams: keys,
    initial,
    read: (address) => {
      const flags = { ...initial };
      for (const k of keys) flags[k] = readFlag(address.get(k)) ?? initial[k];
      return flags;
    },
    write: (address, flags) => {
      for (const k of keys) if (flags[k] !== initial[k]) address.set(k, flags[k] ? '1' : '0');
    },
    toApi: (flags) => {
      const params: Partial<Record<F, string>> = {};
      for (const k of keys) if (flags[k]) params[k] = '1';
      return params;
    },
    applied: (flags) => appliedFilterCount(flags, initial),
  };
}
