/** System Information's texts: only the first drive, key and adapter of a machine (001 §2.2). */
import { describe, expect, it } from 'vitest';
import {
  filterModeText,
  firstHardDrive,
  firstKey,
  firstNetworkAdapter,
  formatBytes,
  graphicsCardText,
  simCardText,
  warrantyText,
} from '../lib/system-info';

describe('system info', () => {
  it('formats sizes in decimal units', () => {
    expect(formatBytes(0)).toBe('');
    expect(formatBytes(512_110_190_592)).toBe('512 GB');
    expect(formatBytes(1_500_000_000_000)).toBe('1.5 TB');
  });
  it('shows the first hard drive only', () => {
    const m = {
      hard_drives: [
        { name: 'Disk 0', interface_type: 'NVMe', media_type: 'SSD', model: 'Samsung 980', capacity: 512e9 },
        { name: 'Disk 1', interface_type: 'SATA', media_type: 'HDD', model: 'WD Blue', capacity: 1e12 },
      ],
    };
    expect(firstHardDrive(m)).toBe('Samsung 980 (512 GB, NVMe, SSD)');
    expect(firstHardDrive({ hard_drives: [] })).toBe('');
  });
  it('shows the first network adapter and the first key only', () => {
    const adapters = [
      { name: 'Intel Ethernet', mac_address: '00:11:22:33:44:55', ip_address: '10.0.0.5' },
      { name: 'Wi-Fi', mac_address: 'aa', ip_address: '' },
    ];
    expect(firstNetworkAdapter({ network_adapters: adapters })).toBe(
      'Intel Ethernet · MAC 00:11:22:33:44:55 · IP 10.0.0.5',
    );
    expect(
      firstKey([
        { product: 'Windows 11 Pro', key: 'AAAAA' },
        { product: 'x', key: 'B' },
      ]),
    ).toEqual({
      product: 'Windows 11 Pro',
      key: 'AAAAA',
    });
    expect(firstKey([])).toBeNull();
  });
  it('joins warranty and SIM card parts, leaving out empty ones', () => {
    expect(warrantyText({ warranty_type: 'Onsite', warranty_period: '3 years' })).toBe('Onsite · 3 years');
    expect(warrantyText({ warranty_type: '', warranty_period: '' })).toBe('');
    expect(simCardText({ name: 'SIM 1', carrier_name: 'Vodafone', phone_number: '', roaming: true, imei: '' })).toBe(
      'SIM 1 · Vodafone · Roaming',
    );
  });
  it('shows a graphics card with its memory, and the filter mode with when it was recorded (issue 26)', () => {
    expect(graphicsCardText({ name: 'Intel Iris Xe Graphics', memory: 134_217_728 })).toBe(
      'Intel Iris Xe Graphics (134 MB)',
    );
    expect(graphicsCardText({ name: 'Basic Display', memory: 0 })).toBe('Basic Display');
    expect(filterModeText({ filter_mode: 'Filtered', filter_mode_recorded: 0 })).toBe('Filtered');
    expect(filterModeText({ filter_mode: 'Filtered', filter_mode_recorded: 1_795_000_000 })).toMatch(
      /^Filtered · since \d{1,2} \w{3} \d{4} \d{1,2}:\d{2}(am|pm)$/,
    );
    expect(filterModeText({ filter_mode: ' ', filter_mode_recorded: 1_795_000_000 })).toBe('');
  });
});
