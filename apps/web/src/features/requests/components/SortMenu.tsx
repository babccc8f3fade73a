/**
 * The request lists' sort menu (001 §9): a 'Sort by' select of the list's sorts in both orders, with the
 * spec's labels ('Websites A-Z', 'Requested: Newest first', …), processor included. A select, so the
 * keyboard opens it, moves through it and chooses (the column headers still sort too).
 */
import { Select } from '@mantine/core';
import { sortValue, type SortOption } from '../lib/sort-options';

type Props<S extends string> = {
  options: readonly SortOption<S>[];
  sortBy: S;
  reverse: boolean;
  onChange: (sortBy: S, reverse: boolean) => void;
};

export function SortMenu<S extends string>({ options, sortBy, reverse, onChange }: Props<S>) {
  return (
    <Select
      label="Sort by"
      size="sm"
      w={240}
      allowDeselect={false}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={sortValue(sortBy, reverse)}
      onChange={(v) => {
        const o = options.find((x) => x.value === v);
        if (o) onChange(o.sortBy, o.reverse);
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
