/**
 * The devices list's declaration (001 §2.1, §9): its calls, sorts, filter flags and billed options.
 * Default sort: name A-Z; page size 25.
 */
import { DEVICE_SORTS } from '@wayguard/contracts';
import { defineList } from '../../../components/list';
import { devicesExportEndpoint } from '../api/devices-export';
import { devicesListEndpoint } from '../api/devices-list';
import { deviceBilledFilter, deviceFlagsFilter } from './device-flags';

export const devicesList = defineList({
  key: 'devices',
  ...devicesListEndpoint,
  ...devicesExportEndpoint,
  rows: (r) => r.devices,
  total: (r) => r.total_count,
  rowKey: (d) => `${d.type}-${d.id}`,
  sorts: DEVICE_SORTS,
  defaultSort: 'name',
  filters: { flags: deviceFlagsFilter, billed: deviceBilledFilter },
});

export type DeviceSortKey = (typeof DEVICE_SORTS)[number];
