/**
 * A list's filter popup: groups of checkboxes that take effect on Apply; Cancel (or Escape, or a click
 * outside) drops the changes; Clear resets the choices to the list's defaults, to be applied. The
 * button's label shows how many filters are applied (000 §2.7). A group may keep one of some flags
 * ticked (`atLeastOne`): the last one ticked is disabled, with a line saying why.
 */
import { useState } from 'react';
import { Checkbox, Fieldset, Stack } from '@mantine/core';
import { DraftPopover } from './DraftPopover';
import { appliedFilterCount, isLastTicked, type Flags } from './filters/flags';

export type FilterGroup<F extends string> = {
  label: string;
  options: { value: F; label: string }[];
  /** Of these, one at least stays ticked: the last one ticked is disabled, saying so. */
  atLeastOne?: readonly F[];
};

type Props<F extends string> = {
  groups: FilterGroup<F>[];
  /** The filters in effect. */
  value: Flags<F>;
  /** What Clear returns to (and what the count is measured against). */
  defaults: Flags<F>;
  onApply: (filters: Flags<F>) => void;
  label?: string;
};

/** 'At least one of Online and Offline stays ticked'. */
function keepOneText<F extends string>(g: FilterGroup<F>, flag: F): string {
  const names = g.options.filter((o) => g.atLeastOne?.includes(o.value) || o.value === flag).map((o) => o.label);
  return `At least one of ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} stays ticked`;
}

export function FilterPopup<F extends string>({ groups, value, defaults, onApply, label = 'Filters' }: Props<F>) {
  const [draft, setDraft] = useState(value);
  const applied = appliedFilterCount(value, defaults);

  return (
    <DraftPopover
      label={applied > 0 ? `${label} (${applied})` : label}
      width={300}
      onOpen={() => setDraft(value)}
      onApply={() => onApply(draft)}
      onClear={() => setDraft(defaults)}
    >
      {groups.map((g) => (
        <Fieldset key={g.label} legend={g.label} variant="unstyled">
          <Stack gap="xs" mt={4}>
            {g.options.map((o) => (
              <Checkbox
                key={o.value}
                label={o.label}
                disabled={isLastTicked(draft, g.atLeastOne, o.value)}
                description={isLastTicked(draft, g.atLeastOne, o.value) ? keepOneText(g, o.value) : undefined}
                checked={draft[o.value]}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setDraft((d) => ({ ...d, [o.value]: checked }));
                }}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </DraftPopover>
  );
}

/** A list whose flags filter is named `flags` (users, devices): its value, its defaults and its setter. */
type FlagsList<F extends string> = {
  state: { filters: { flags: Flags<F> } };
  definition: { filters: { flags: { initial: Flags<F> } } };
  setFilter: (name: 'flags', value: Flags<F>) => void;
};

/** The filter popup of a list's `flags` filter, bound to its controller. */
export function FlagsFilterPopup<F extends string>({ list, groups }: { list: FlagsList<F>; groups: FilterGroup<F>[] }) {
  return (
    <FilterPopup
      groups={groups}
      value={list.state.filters.flags}
      defaults={list.definition.filters.flags.initial}
      onApply={(flags) => list.setFilter('flags', flags)}
    />
  );
}
