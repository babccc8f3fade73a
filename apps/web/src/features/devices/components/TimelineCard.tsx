/**
 * Timeline (ours): what happened to the device, newest first, each line its time, what happened and
 * who did it; 'Show older' loads the next page.
 */
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { SectionCard } from '../../../components/SectionCard';
import { TimeText } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import { useDeviceTimeline } from '../api/device-timeline';
import type { DevicePageContext } from '../hooks/use-device-page';
import { timelineActor } from '../lib/timeline';

export const NO_TIMELINE = 'Nothing has happened on this device yet';

export function TimelineCard({ kind, id }: Pick<DevicePageContext, 'kind' | 'id'>) {
  const query = useDeviceTimeline(kind, id);
  const entries = query.data?.pages.flatMap((p) => p.entries);
  return (
    <SectionCard title="Timeline" testId="device-timeline">
      {query.isError && !entries ? (
        <Text size="sm">The timeline could not be loaded.</Text>
      ) : !entries ? (
        <Loader size="sm" aria-label="Loading timeline" />
      ) : entries.length === 0 ? (
        <Text size="sm">{NO_TIMELINE}</Text>
      ) : (
        <Stack gap="xs">
          <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {entries.map((e) => (
              <Group key={e.id} component="li" gap="sm" wrap="nowrap" align="baseline" data-testid="timeline-entry">
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  <TimeText unixSeconds={e.at}>{formatDateTime(e.at)}</TimeText>
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {e.text}
                  <Text span size="xs" c="dimmed">
                    {' '}
                    · {timelineActor(e)}
                  </Text>
                </Text>
              </Group>
            ))}
          </Stack>
          {query.hasNextPage && (
            <Group>
              <Button
                variant="default"
                size="compact-sm"
                onClick={() => void query.fetchNextPage()}
                loading={query.isFetchingNextPage}
              >
                Show older
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
