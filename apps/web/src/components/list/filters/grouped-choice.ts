/**
 * Grouped multi-choice: any number of options, shown in groups whose own checkbox selects or clears
 * the whole group and is indeterminate when only some of it is chosen (002 §2.5: media types in a
 * Social Media and a Video group; the button reads '{n} filter(s) applied'). The address and the list
 * call hold the chosen keys as one comma list (002 §7 media_types), in the declaration's order; unknown
 * keys are dropped. Nothing chosen means no filter. The UI piece is GroupedChoicePopup.
 */
import type { FilterKind } from './filter-kind';

export type ChoiceGroup<O extends string> = {
  key: string;
  label: string;
  options: readonly { key: O; label: string }[];
};

export type GroupState = 'all' | 'some' | 'none';

/** The group checkbox: checked when all its options are chosen, indeterminate when some are. */
export function groupState<O extends string>(group: ChoiceGroup<O>, chosen: readonly O[]): GroupState {
  const n = group.options.filter((o) => chosen.includes(o.key)).length;
  return n === 0 ? 'none' : n === group.options.length ? 'all' : 'some';
}

/** The group checkbox was clicked: a fully chosen group is cleared, any other becomes fully chosen. */
export function toggleGroup<O extends string>(group: ChoiceGroup<O>, chosen: readonly O[], order: readonly O[]): O[] {
  const keys = group.options.map((o) => o.key);
  const next = new Set(chosen);
  if (groupState(group, chosen) === 'all') for (const k of keys) next.delete(k);
  else for (const k of keys) next.add(k);
  return order.filter((k) => next.has(k));
}

/** One option was ticked or unticked. */
export function toggleOption<O extends string>(
  key: O,
  checked: boolean,
  chosen: readonly O[],
  order: readonly O[],
): O[] {
  const next = new Set(chosen);
  if (checked) next.add(key);
  else next.delete(key);
  return order.filter((k) => next.has(k));
}

/** The spec's '{n} filter(s) applied' (002 §2.5, §2.11), word for word; the plain label when none is. */
export function appliedLabel(n: number, none = 'Filter'): string {
  return n === 0 ? none : `${n} filter(s) applied`;
}

export function groupedChoiceFilter<O extends string, P extends string>({
  param,
  apiParam,
  groups,
}: {
  /** The address parameter. */
  param: string;
  /** The list call's name for the comma list. */
  apiParam: P;
  groups: readonly ChoiceGroup<O>[];
}): FilterKind<O[], P> {
  const order = groups.flatMap((g) => g.options.map((o) => o.key));
  const parse = (raw: string | null): O[] => {
    const given = new Set((raw ?? '').split(','));
    return order.filter((k) => given.has(k));
  };
  return {
    params: [param],
    apiParams: [apiParam],
    initial: [],
    read: (address) => parse(address.get(param)),
    write: (address, chosen) => {
      const clean = parse(chosen.join(','));
      if (clean.length) address.set(param, clean.join(','));
    },
    toApi: (chosen) => (chosen.length ? ({ [apiParam]: chosen.join(',') } as Partial<Record<P, string>>) : {}),
    applied: (chosen) => chosen.length,
  };
}
