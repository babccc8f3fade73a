/**
 * A list's filter popup: groups of checkboxes that take effect on Apply; Cancel (or Escape, or a click
 * outside) drops the changes; Clear resets the choices to the list's defaults, to be applied. The
 * button's label shows how many filters are applied (000 §2.7).
 */
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import { useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Popover, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { appliedFilterCount, type Flags } from './filters/flags';

export type FilterGroup<F extends string> = { label: string; options: { value: F; label: string }[] };

type Props<F extends string> = {
  groups: FilterGroup<F>[];
  /** The filters in effect. */
  value: Flags<F>;
  /** What Clear returns to (and what the count is measured against). */
  defaults: Flags<F>;
  onApply: (filters: Flags<F>) => void;
  label?: string;
};

export function FilterPopup<F extends string>({ groups, value, defaults, onApply, label = 'Filters' }: Props<F>) {
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState(value);
  const applied = appliedFilterCount(value, defaults);

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
      width={300}
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} aria-hidden="true" />}
          onClick={() => (opened ? close() : open())}
        >
          {applied > 0 ? `${label} (${applied})` : label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          {groups.map((g) => (
            <Fieldset key={g.label} legend={g.label} variant="unstyled">
              <Stack gap="xs" mt={4}>
                {g.options.map((o) => (
                  <Checkbox
                    key={o.value}
                    label={o.label}
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
          <Group justify="space-between" gap="xs">
            <Button variant="outline" size="xs" onClick={() => setDraft(defaults)}>
              Clear
            </Button>
            <Group gap="xs">
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
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
