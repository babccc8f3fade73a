/**
 * The order of a node's websites or media (issue 26, docs/decisions/web-access.md
 * "What a node's lists show first (issue 26)"): 'Rules and requests first' (the default: the rows with a rule at this
 * node, then those asked for from it, then the rest) or 'By name' (the spec's order; the column headers keep their A-Z
 * / Z-A and, for media, Media Type).
 */
import { NativeSelect } from '@mantine/core';
import { MANAGED_SORT_LABEL, NAME_SORT_LABEL } from '@wayguard/contracts';

type Props<S extends string> = {
  sortBy: S | 'managed';
  onChoose: (sortBy: 'managed' | 'name', firstReverse: boolean) => void;
};

export function ListOrderControl<S extends string>({ sortBy, onChoose }: Props<S>) {
  const value = sortBy === 'managed' ? 'managed' : 'name';
  return (
    <NativeSelect
      aria-label="Order"
      value={value}
      onChange={(e) => {
        const next = e.currentTarget.value === 'managed' ? 'managed' : 'name';
        if (next !== value) onChoose(next, false);
      }}
      data={[
        { value: 'managed', label: MANAGED_SORT_LABEL },
        { value: 'name', label: NAME_SORT_LABEL },
      ]}
    />
  );
}
