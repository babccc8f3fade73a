/** Placeholder while the contact details load (002 §2.13); announced once as busy. */
import { Group, Skeleton, Stack, VisuallyHidden } from '@mantine/core';

export function ContactSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="lg" maw={720} aria-busy="true" data-testid="contact-skeleton">
      <VisuallyHidden role="status">Loading contact details</VisuallyHidden>
      <Skeleton height={34} width="40%" radius="sm" />
      <Stack gap={8}>
        <Skeleton height={14} radius="sm" />
        <Skeleton height={14} width="80%" radius="sm" />
      </Stack>
      <Stack gap="md">
        {Array.from({ length: rows }, (_, i) => (
          <Group key={i} justify="space-between" wrap="nowrap">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="25%" radius="sm" />
              <Skeleton height={16} width="55%" radius="sm" />
            </Stack>
            <Skeleton height={34} width={34} radius="md" />
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
