/**
 * The frame every list filter's popup shares (FilterPopup, ChoiceMenu, GroupedChoicePopup,
 * DateRangeFilter): a button showing what is in effect, opening a popover that holds a draft of the
 * filter, started afresh from what is in effect at every opening (`onOpen`). Apply takes the draft;
 * Cancel, Escape or a click outside drop it; Clear (when given) resets the draft, to be applied.
 */
import { useState, type ReactNode } from 'react';
import { Button, Group, Popover, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';

type Props = {
  /** The button's text: what is in effect. */
  label: string;
  icon?: ReactNode;
  width?: number;
  position?: 'bottom-end' | 'bottom-start';
  /** Starts the draft from what is in effect. */
  onOpen: () => void;
  /** Takes the draft; the popover then closes. */
  onApply: () => void;
  onClear?: () => void;
  applyDisabled?: boolean;
  children: ReactNode;
};

export function DraftPopover({
  label,
  icon = <IconFilter size={16} aria-hidden="true" />,
  width,
  position = 'bottom-end',
  onOpen,
  onApply,
  onClear,
  applyDisabled,
  children,
}: Props) {
  const [opened, setOpened] = useState(false);
  const open = () => {
    onOpen();
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
      position={position}
      shadow="md"
      width={width}
    >
      <Popover.Target>
        <Button variant="default" leftSection={icon} onClick={() => (opened ? close() : open())}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md">
          {children}
          <Group justify={onClear ? 'space-between' : 'flex-end'} gap="xs">
            {onClear ? (
              <Button variant="outline" size="xs" onClick={onClear}>
                Clear
              </Button>
            ) : null}
            <Group gap="xs">
              <Button variant="default" size="xs" onClick={close}>
                Cancel
              </Button>
              <Button
                size="xs"
                disabled={applyDisabled}
                onClick={() => {
                  onApply();
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
