/** Links into the classic console from the device pages (001 §2.2-2.3), and the devices' route reading. */
import { describe, expect, it } from 'vitest';
import {
  hardwareRepairUrl,
  mobileLockStatusUrl,
  processHistoryUrl,
  safeSearchScheduleUrl,
  unlockMachineUrl,
} from '../lib/classic-links';
import { deviceSubPage } from '../lib/device-route';
import { paths } from '../../../lib/paths';
import { devicePermissions } from '../lib/permissions';

const deviceFromParams = paths.devices.parse;

const base = 'https://classic.example/admin/';

describe('classic console links', () => {
  it('take the serial as a query parameter, encoded', () => {
    expect(processHistoryUrl(base, 'NFPC1001')).toBe('https://classic.example/admin/process-history?serial=NFPC1001');
    expect(processHistoryUrl(base, 'A B&C')).toBe('https://classic.example/admin/process-history?serial=A+B%26C');
  });
  it('carry repair, unlock and status as the spec names them', () => {
    expect(hardwareRepairUrl(base, 'NFPC1001')).toBe('https://classic.example/admin/machine?id=NFPC1001&repair=1');
    expect(unlockMachineUrl(base, 'NFPC1001')).toBe('https://classic.example/admin/machine?id=NFPC1001&unlock=1');
    expect(mobileLockStatusUrl(base, 'NFMB2001')).toBe('https://classic.example/admin/mobile?id=NFMB2001&status=1');
    expect(safeSearchScheduleUrl(base, 'NFPC1001')).toBe(
      'https://classic.example/admin/machine/safe-search-schedule?id=NFPC1001',
    );
  });
});

describe('device route', () => {
  it('reads the kind from the parameter name and refuses an unusable id', () => {
    expect(deviceFromParams({ machineId: 'NFPC1001' })).toEqual({ kind: 'machine', id: 'NFPC1001' });
    expect(deviceFromParams({ mobileId: 'NFMB2001' })).toEqual({ kind: 'mobile', id: 'NFMB2001' });
    expect(deviceFromParams({ mobileId: 'x'.repeat(65) })).toBeNull();
    expect(deviceFromParams({ mobileId: '   ' })).toBeNull();
    expect(deviceFromParams({})).toBeNull();
  });
  it('names the sub-page below the device page', () => {
    expect(deviceSubPage('/devices/machine/NFPC1001', 'machine', 'NFPC1001')).toBeNull();
    expect(deviceSubPage('/devices/machine/NFPC1001/', 'machine', 'NFPC1001')).toBeNull();
    expect(deviceSubPage('/devices/machine/NFPC1001/settings', 'machine', 'NFPC1001')).toBe('settings');
    expect(deviceSubPage('/devices/mobile/A%20B/apps', 'mobile', 'A B')).toBe('apps');
  });
});

describe('devicePermissions', () => {
  it('lets a Console Admin change settings, and nobody else', () => {
    expect(devicePermissions({ user_type: 'console_admin' })).toEqual({ changeSettings: true, rename: true });
    expect(devicePermissions({ user_type: 'requests_admin' }).changeSettings).toBe(false);
    expect(devicePermissions({ user_type: 'console_user' }).changeSettings).toBe(false);
  });
});
