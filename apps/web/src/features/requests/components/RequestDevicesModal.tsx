/**
 * 'Request Devices' (001 §2.4): the devices a thread's For value counts (website, media or app), with the
 * chips All, Machine and Mobile, each device a link to /devices/{type}/{id} in a new tab, 'No devices
 * found', a count and Close (the frame: RequestListModal).
 */
import { Anchor } from '@mantine/core';
import { REQUEST_MSG, type RequestKind } from '@wayguard/contracts';
import { NEW_TAB } from '../../../lib/classic-console';
import { paths } from '../../../lib/paths';
import { useAppRequestDevices } from '../api/app-requests';
import { useRequestDevices } from '../api/request-threads';
import { DEVICE_CHIPS, devicesOfKind, deviceCountText } from '../lib/devices';
import { RequestListModal } from './RequestListModal';

/** The thread whose devices are shown: a website or media request (GET /requests/devices) or an app's (GET /app_requests/devices). */
export type DevicesOf = { id: number; type: RequestKind | 'app' };

type Props = { row: DevicesOf | null; onClose: () => void };

export function RequestDevicesModal({ row, onClose }: Props) {
  const app = row?.type === 'app';
  const webDevices = useRequestDevices(row?.type === 'media' ? 'media' : 'website', row && !app ? row.id : null);
  const appDevices = useAppRequestDevices(row && app ? row.id : null);
  const devices = app ? appDevices : webDevices;
  return (
    <RequestListModal
      openFor={row ? `${row.type}:${row.id}` : null}
      onClose={onClose}
      title={REQUEST_MSG.requestDevicesTitle}
      chips={{ label: 'Device type', options: DEVICE_CHIPS }}
      query={devices}
      items={(chip) => devicesOfKind(devices.data?.devices ?? [], chip)}
      itemKey={(d) => `${d.type}-${d.id}`}
      renderItem={(d) => (
        <Anchor href={paths.devices.href(d.type, d.id)} {...NEW_TAB} size="sm">
          {d.name || d.id}
        </Anchor>
      )}
      noun="devices"
      empty={REQUEST_MSG.noDevices}
      countText={deviceCountText}
    />
  );
}
