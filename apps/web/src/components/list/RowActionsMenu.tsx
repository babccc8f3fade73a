/**
 * A row's menu of actions: buttons that act and links that navigate, in the order given. The feature
 * decides which actions a row offers; this only shows them. Choosing an action puts focus back on the
 * menu button first, so a dialog the action opens returns focus there when it closes (WCAG 2.4.3).
 */
import { useRef, type ReactNode } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { Link } from 'react-router';

export type RowAction = {
  key: string;
  label: string;
  icon?: ReactNode;
  /** 'red' for actions that take something away (deactivate, delete). */
  color?: 'red';
} & ({ onSelect: () => void; to?: never } | { to: string; onSelect?: never });

type Props = {
  /** Accessible name of the menu button, e.g. 'Actions for ben.hughes2'. */
  label: string;
  actions: RowAction[];
};

export function RowActionsMenu({ label, actions }: Props) {
  const target = useRef<HTMLButtonElement>(null);
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <ActionIcon ref={target} variant="default" aria-label={label} size="md">
          <IconDotsVertical size={16} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((a) =>
          a.to !== undefined ? (
            <Menu.Item key={a.key} component={Link} to={a.to} leftSection={a.icon}>
              {a.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={a.key}
              onClick={() => {
                target.current?.focus();
                a.onSelect();
              }}
              leftSection={a.icon}
              color={a.color}
            >
              {a.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
