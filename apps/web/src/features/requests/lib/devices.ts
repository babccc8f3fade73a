/**
 * The device lists of the request modals (001 §2.4 'Request Devices'; §5 approve for selected
 * devices): the chips All, Machine, Mobile, the count, and 30 skeleton rows while loading (001 §9).
 */
import type { DeviceKind } from '@wayguard/contracts';

export const MODAL_SKELETON_ROWS = 30;

export type DeviceChip = 'all' | DeviceKind;
export const DEVICE_CHIPS: { key: DeviceChip; label: string }[] = [
  { key: 'all', label: 'All' },
  { key: 'machine', label: 'Machine' },
  { key: 'mobile', label: 'Mobile' },
];

export function devicesOfKind<T extends { type: DeviceKind }>(devices: readonly T[], chip: DeviceChip): T[] {
  return chip === 'all' ? [...devices] : devices.filter((d) => d.type === chip);
}

export function deviceCountText(n: number): string {
  return n === 1 ? '1 device' : `${n} devices`;
}

/** A device as a selection item (001 §3 'Selection item': id and type). */
export const deviceKey = (d: { id: string; type: DeviceKind }) => `${d.type}:${d.id}`;
