/**
 * A queue row's subject (its row header): the kind's badge, then the website's address (and the page's
 * or media item's title), or the app's icon, name and package name; the category or the app's
 * classification, and how many asked on how many devices.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import { PROVIDER_KIND_LABELS, type ProviderQueueRow } from '@wayguard/contracts';
import { AppIcon } from '../../../components/apps/AppIcon';

const BADGE_COLORS = { website: 'blue', media: 'grape', app: 'teal' } as const;

export function QueueSubject({ row: r }: { row: ProviderQueueRow }) {
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <Badge variant="light" color={BADGE_COLORS[r.kind]} size="sm">
          {PROVIDER_KIND_LABELS[r.kind]}
        </Badge>
        {r.app ? (
          <>
            <AppIcon src={r.app.icon_url || null} size={20} />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.app.name}
            </Text>
          </>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.website}
          </Text>
        )}
      </Group>
      {r.app ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Package: {r.app.package_name}
        </Text>
      ) : (
        r.title &&
        r.title !== r.website && (
          <Text size="xs" c="dimmed">
            {r.title}
          </Text>
        )
      )}
      {r.category && (
        <Text size="xs" c="dimmed">
          {r.app ? 'Classification' : 'Category'}: {r.category}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {r.requester_count} requester(s) on {r.device_count} device(s)
      </Text>
    </Stack>
  );
}
