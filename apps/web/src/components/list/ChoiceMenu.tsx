/**
 * The one-of choice's UI piece (filters/choice.ts): a button that opens a single-choice menu with
 * Apply and Cancel (Escape and a click outside cancel too), labelled 'Filter', or 'Filter applied'
 * when a choice other than the initial one is in effect (002 §2.4). E.g. the devices list's billed
 * options or a web access list's access filter.
 */
import { useState } from 'react';
import { Radio, Stack } from '@mantine/core';
import { DraftPopover } from './DraftPopover';

type Props<O extends string> = {
  /** Names the group of options, e.g. 'Billed'. */
  legend: string;
  options: readonly { value: O; label: string }[];
  /** The choice in effect. */
  value: O | null;
  /** The filter's initial choice: the button says 'Filter applied' for any other. */
  initial: O | null;
  onApply: (value: O | null) => void;
  label?: string;
  appliedLabel?: string;
};

export function ChoiceMenu<O extends string>({
  legend,
  options,
  value,
  initial,
  onApply,
  label = 'Filter',
  appliedLabel = 'Filter applied',
}: Props<O>) {
  const [draft, setDraft] = useState(value);

  return (
    <DraftPopover
      label={value !== initial ? appliedLabel : label}
      width={260}
      onOpen={() => setDraft(value)}
      onApply={() => onApply(draft)}
    >
      <Radio.Group label={legend} value={draft ?? ''} onChange={(v) => setDraft(v as O)}>
        <Stack gap="xs" mt={6}>
          {options.map((o) => (
            <Radio key={o.value} value={o.value} label={o.label} />
          ))}
        </Stack>
      </Radio.Group>
    </DraftPopover>
  );
}
