/**
 * The filterIndex's UI piece (filters/filter-index.ts): the list's filter tabs as one segmented
 * control (a radio group to assistive technology); choosing one sets the index in the address.
 */
import { SegmentedControl } from '@mantine/core';

type Props = {
  /** Names the tabs, e.g. 'Requests to show'. */
  label: string;
  tabs: readonly string[];
  value: number;
  onChange: (index: number) => void;
};

export function FilterTabs({ label, tabs, value, onChange }: Props) {
  return (
    <SegmentedControl
      aria-label={label}
      data={tabs.map((t, i) => ({ value: String(i), label: t }))}
      value={String(value)}
      onChange={(v) => onChange(Number(v))}
    />
  );
}
