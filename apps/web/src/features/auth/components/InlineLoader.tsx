/** A centered spinner with a text that is announced while something loads. */
import { Group, Loader, Text } from '@mantine/core';

export function InlineLoader({ label }: { label: string }) {
  return (
    <Group justify="center" gap="sm" role="status" py="md">
      <Loader size="sm" aria-hidden />
      <Text>{label}</Text>
    </Group>
  );
}
