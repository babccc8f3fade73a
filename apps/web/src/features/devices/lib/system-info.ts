/**
 * The System Information card's texts (001 §2.2, §3): machines show only the first hard drive, Windows
 * key, Office key and network adapter; sizes are bytes on the wire; warranty joins type and period;
 * every graphics card shows; the filter mode carries when it was recorded.
 */
import type { MachineDetails, MobileDetails } from '@wayguard/contracts';
import { formatDateTime } from '../../../lib/dates';

/** 512 GB, 1.5 TB, 640 MB (decimal units, as drive makers state them); '' for 0. */
export function formatBytes(bytes: number): string {
  if (!bytes) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const rounded = value >= 100 || unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

const join = (parts: readonly (string | null | undefined)[], sep = ', ') =>
  parts
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(sep);

/** The first hard drive: 'Samsung SSD 980 (512 GB, NVMe, SSD)'; '' without one. */
export function firstHardDrive(m: Pick<MachineDetails, 'hard_drives'>): string {
  const d = m.hard_drives[0];
  if (!d) return '';
  const details = join([formatBytes(d.capacity), d.interface_type, d.media_type]);
  const name = d.model || d.name;
  return details ? `${name} (${details})` : name;
}

/** The first network adapter: 'Intel Ethernet · MAC 00:11:… · IP 10.0.0.5'; '' without one. */
export function firstNetworkAdapter(m: Pick<MachineDetails, 'network_adapters'>): string {
  const a = m.network_adapters[0];
  if (!a) return '';
  return join([a.name, a.mac_address && `MAC ${a.mac_address}`, a.ip_address && `IP ${a.ip_address}`], ' · ');
}

/** The first product key of a list, or null. */
export function firstKey(keys: MachineDetails['windows_product_keys']): { product: string; key: string } | null {
  return keys[0] ?? null;
}

export function warrantyText(m: Pick<MachineDetails, 'warranty_type' | 'warranty_period'>): string {
  return join([m.warranty_type, m.warranty_period], ' · ');
}

/** One SIM card: 'SIM 1 · Vodafone · +44 7700 900123 · Roaming'. */
export function simCardText(s: MobileDetails['sim_cards'][number]): string {
  return join([s.name, s.carrier_name, s.phone_number, s.roaming ? 'Roaming' : ''], ' · ');
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** A graphics card: 'NVIDIA T400 (4.3 GB)'; its name alone when the memory is unknown. */
export function graphicsCardText(c: MachineDetails['graphics_cards'][number]): string {
  const memory = formatBytes(c.memory);
  return memory ? `${c.name} (${memory})` : c.name;
}

/** The filter mode with when it was recorded: 'Strict · since 27 Nov 2026 9:14am'; '' without a mode. */
export function filterModeText(m: Pick<MachineDetails, 'filter_mode' | 'filter_mode_recorded'>): string {
  if (!m.filter_mode.trim()) return '';
  return join([m.filter_mode, m.filter_mode_recorded ? `since ${formatDateTime(m.filter_mode_recorded)}` : ''], ' · ');
}
