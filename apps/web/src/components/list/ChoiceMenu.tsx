/**
 * The one-of choice's UI piece (filters/choice.ts): a button that opens a single-choice menu with
 * Apply and Cancel (Escape and a click outside cancel too), labelled 'Filter', or 'Filter applied'
 * when a choice other than the initial one is in effect (002 §2.4). E.g. the devices list's billed
 * options or a web access list's access filter.
 */
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { useState } from 'react';
import { Button, Group, Popover, Radio, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

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
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(value);
  const open = () => {
    setDraft(value);
    setOpened(true);
  };
  const close = () => setOpened(false);

  return (
    <Popover
      opened={opened}
      onChange={(o) => (o ? open() : close())}
      onDismiss={close}
      trapFocus
      returnFocus
      position="bottom-end"
      shadow="md"
      width={260}
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden="true" />}
          onClick={() => (opened ? close() : open())}
        >
          {value !== initial ? appliedLabel : label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          <Radio.Group label={legend} value={draft ?? ''} onChange={(v) => setDraft(v as O)}>
            <Stack gap="xs" mt={6}>
              {options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={close}>
              Cancel
            </Button>
            <Button
              size="xs"
              onClick={() => {
                onApply(draft);
                close();
              }}
            >
              Apply
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
