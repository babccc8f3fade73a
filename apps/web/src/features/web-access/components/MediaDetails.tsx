/**
 * A media row's accordion (002 §2.5, §3 'Media info'): the thumbnail or 'No preview available', the
 * title, Type, Category ('Not specified'), URL, Referrer ('Not specified') and Description ('No
 * description.'), from the media info call (prefetched on hover, kept 5 minutes).
 */
import { Box, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaInfo } from '../api/media-info';
import { NO_PREVIEW, mediaInfoFields } from '../lib/media-info';
import { webHref } from '../lib/web-href';
import { DetailList } from '../../../components/DetailList';

export function MediaDetails({ websiteId, name }: { websiteId: number; name: string }) {
  const info = useMediaInfo(websiteId);
  if (info.isPending) return <Skeleton height={96} radius="sm" aria-label={`Loading the details of ${name}`} />;
  if (info.isError)
    return (
      <Text size="sm" c="red" role="alert">
        The details of {name} could not be loaded.
      </Text>
    );
  const data = info.data;
  const thumbnail = webHref(data.thumbnail);
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="media-details">
      <Box w={160}>
        {thumbnail ? (
          <Image src={thumbnail} alt={`Preview of ${data.title || name}`} radius="sm" w={160} />
        ) : (
          <Text size="sm" c="dimmed" ta="center" py="lg" bd="1px dashed var(--mantine-color-default-border)">
            {NO_PREVIEW}
          </Text>
        )}
      </Box>
      <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {data.title || name}
        </Title>
        <DetailList fields={mediaInfoFields(data)} labelWidth={100} />
      </Stack>
    </Group>
  );
}
