/** What a list shows when nothing matches: the spec's empty text ('No users found', 'No devices found'). */
import type { ReactNode } from 'react';
import { EmptyState } from '@mantine/core';
import { IconListSearch } from '@tabler/icons-react';

type Props = { text: string; icon?: ReactNode; children?: ReactNode };

export function ListEmptyState({ text, icon, children }: Props) {
  return (
    <EmptyState
      py="xl"
      title={text}
      icon={icon ?? <IconListSearch size={32} stroke={1.5} aria-hidden="true" />}
      withIndicatorBackground
    >
      {children}
    </EmptyState>
  );
}
