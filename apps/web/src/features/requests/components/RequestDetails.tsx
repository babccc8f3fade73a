/**
 * A request row's accordion (001 §2.4): the preview image or 'No preview available', the row's fields
 * (lib/details.ts) and, for a thread several people asked for, who asked, on which device, with which
 * note and when (GET /requests/details); a thread from several devices opens Request Devices from here
 * too (the pending admin list has no For column). Long content scrolls with the blur hint (001 §2.4, §9).
 */
import { Box, Button, Group, Image, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDevices } from '@tabler/icons-react';
import { REQUEST_MSG, type RequestItem, type RequestList } from '@wayguard/contracts';
import { formatDateTime } from '../../../lib/dates';
import { webHref } from '../../../lib/web-href';
import { useRequestDetails } from '../api/request-threads';
import { detailFields } from '../lib/details';
import { DetailList } from '../../../components/DetailList';
import { ScrollBlurHint } from '../../../components/ScrollBlurHint';

/** Long accordions (many requesters, long notes) scroll within this height, with the blur hint (001 §2.4). */
export const DETAILS_MAX_HEIGHT = 280;

type Props = {
  row: RequestItem;
  list: RequestList;
  /** Opens the Request Devices modal (a thread asked from several devices). */
  onDevices: (row: RequestItem) => void;
};

export function RequestDetails({ row, list, onDevices }: Props) {
  const preview = row.previewIcon ? webHref(row.previewIcon) : null;
  const name = row.title || row.website;
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="request-details">
      <Box w={160}>
        {preview ? (
          <Image src={preview} alt={`Preview of ${name}`} radius="sm" w={160} />
        ) : (
          <Text size="sm" c="dimmed" ta="center" py="lg" bd="1px dashed var(--mantine-color-default-border)">
            {REQUEST_MSG.noPreview}
          </Text>
        )}
      </Box>
      <Box style={{ flex: 1, minWidth: 260 }}>
        <ScrollBlurHint label={`Details of ${name}`} maxHeight={DETAILS_MAX_HEIGHT}>
          <Stack gap={6}>
            <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            <DetailList fields={detailFields(row, list)} labelWidth={130} />
            {row.requester_count > 1 && <Asks row={row} list={list} />}
            {row.device_count > 1 && (
              <Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconDevices size={16} aria-hidden="true" />}
                  aria-haspopup="dialog"
                  onClick={() => onDevices(row)}
                >
                  Show the {row.device_count} devices
                </Button>
              </Group>
            )}
          </Stack>
        </ScrollBlurHint>
      </Box>
    </Group>
  );
}

function Asks({ row, list }: { row: RequestItem; list: RequestList }) {
  const status = list === 'pending_admin' ? 'admin' : list === 'pending_tech' ? 'tech' : 'all';
  const details = useRequestDetails(row.type, row.id, status);
  return (
    <Stack gap={4} mt="xs">
      <Text size="sm" fw={600} component="h4" m={0}>
        Requested by ({row.requester_count})
      </Text>
      {details.isPending ? (
        <Skeleton height={48} radius="sm" aria-label="Loading who asked" />
      ) : details.isError ? (
        <Text size="sm" c="red" role="alert">
          Who asked could not be loaded.
        </Text>
      ) : (
        <List size="sm" spacing={2}>
          {details.data.asks.map((a, i) => (
            <List.Item key={`${a.requester}-${a.asked}-${i}`}>
              {a.requester}
              {a.device ? ` on ${a.device.name}` : ''} – {formatDateTime(a.asked)}
              {a.notes ? `: ${a.notes}` : ''}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
