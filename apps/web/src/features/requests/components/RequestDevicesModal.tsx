/**
 * 'Request Devices' (001 §2.4): the devices a thread (website, media or app) was asked from, with the chips All, Machine and
 * Mobile, each device a link to /devices/{type}/{id} in a new tab, 'No devices found', a count and
 * Close. 30 skeleton rows while it loads (001 §9).
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Chip.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import { useState } from 'react';
import { Anchor, Button, Chip, Group, List, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { REQUEST_MSG, type RequestKind } from '@wayguard/contracts';
import { NEW_TAB } from '../../../lib/classic-console';
import { paths } from '../../../lib/paths';
import { useAppRequestDevices } from '../api/app-requests';
import { useRequestDevices } from '../api/request-threads';
import { DEVICE_CHIPS, devicesOfKind, deviceCountText, type DeviceChip } from '../lib/devices';
import { MODAL_SKELETON_ROWS } from '../lib/devices';

/** The thread whose devices are shown: a website or media request (GET /requests/devices) or an app's (GET /app_requests/devices). */
export type DevicesOf = { id: number; type: RequestKind | 'app' };

type Props = { row: DevicesOf | null; onClose: () => void };

export function RequestDevicesModal({ row, onClose }: Props) {
  const [chip, setChip] = useState<DeviceChip>('all');
  const app = row?.type === 'app';
  const webDevices = useRequestDevices(row?.type === 'media' ? 'media' : 'website', row && !app ? row.id : null);
  const appDevices = useAppRequestDevices(row && app ? row.id : null);
  const devices = app ? appDevices : webDevices;
  const shown = devicesOfKind(devices.data?.devices ?? [], chip);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={REQUEST_MSG.requestDevicesTitle}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Chip.Group multiple={false} value={chip} onChange={(v) => setChip(v as DeviceChip)}>
          <Group gap="xs" role="group" aria-label="Device type">
            {DEVICE_CHIPS.map((c) => (
              <Chip key={c.key} value={c.key} size="sm">
                {c.label}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        {devices.isPending ? (
          <Stack gap={6} aria-busy="true" aria-label="Loading the devices">
            {Array.from({ length: MODAL_SKELETON_ROWS }, (_, i) => (
              <Skeleton key={i} height={12} radius="sm" />
            ))}
          </Stack>
        ) : devices.isError ? (
          <Text size="sm" c="red" role="alert">
            The devices could not be loaded.
          </Text>
        ) : shown.length === 0 ? (
          <Text size="sm">{REQUEST_MSG.noDevices}</Text>
        ) : (
          <List size="sm" spacing={4} aria-label="Devices">
            {shown.map((d) => (
              <List.Item key={`${d.type}-${d.id}`}>
                <Anchor href={paths.devices.href(d.type, d.id)} {...NEW_TAB} size="sm">
                  {d.name || d.id}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" role="status">
            {devices.isPending ? '' : deviceCountText(shown.length)}
          </Text>
          <Button variant="default" onClick={onClose} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
