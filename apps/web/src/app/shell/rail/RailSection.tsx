/** A labelled, always-visible group of links inside an expanded rail entry (e.g. Websites). */
import { useId, type ReactNode } from 'react';
import { Text } from '@mantine/core';

export function RailSection({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="xs" pb={2}>
        {label}
      </Text>
      {children}
    </div>
  );
}
