/**
 * The grouped multi-choice's UI piece (filters/grouped-choice.ts): a popup of option checkboxes in
 * groups, each group headed by its own checkbox that chooses or clears the group and is indeterminate
 * when only some of it is chosen (002 §2.5 media types: Social Media and Video). Apply / Cancel
 * (Escape, a click outside) / Clear; the button reads 'Filter', or '{n} filter(s) applied'.
 */
import { useId, useState } from 'react';
import { Checkbox, Stack } from '@mantine/core';
import { DraftPopover } from './DraftPopover';
import { appliedLabel, groupState, toggleGroup, toggleOption, type ChoiceGroup } from './filters/grouped-choice';

type Props<O extends string> = {
  groups: readonly ChoiceGroup<O>[];
  /** The options in effect. */
  value: readonly O[];
  onApply: (value: O[]) => void;
  /** The button's text when nothing is chosen. */
  label?: string;
};

export function GroupedChoicePopup<O extends string>({ groups, value, onApply, label = 'Filter' }: Props<O>) {
  const id = useId();
  const order = groups.flatMap((g) => g.options.map((o) => o.key));
  const [draft, setDraft] = useState<O[]>([...value]);

  return (
    <DraftPopover
      label={appliedLabel(value.length, label)}
      width={300}
      onOpen={() => setDraft([...value])}
      onApply={() => onApply(draft)}
      onClear={() => setDraft([])}
    >
      {groups.map((g) => {
        const state = groupState(g, draft);
        const listId = `${id}-${g.key}`;
        return (
          <Stack key={g.key} gap={6}>
            <Checkbox
              label={g.label}
              fw={600}
              checked={state === 'all'}
              indeterminate={state === 'some'}
              aria-controls={listId}
              onChange={() => setDraft((d) => toggleGroup(g, d, order))}
            />
            <Stack id={listId} role="group" aria-label={g.label} gap={6} pl="lg">
              {g.options.map((o) => (
                <Checkbox
                  key={o.key}
                  label={o.label}
                  checked={draft.includes(o.key)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setDraft((d) => toggleOption(o.key, checked, d, order));
                  }}
                />
              ))}
            </Stack>
          </Stack>
        );
      })}
    </DraftPopover>
  );
}
