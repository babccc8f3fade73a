/** The apps pages' columns, cells and switch steps (002 §2.6, §4.4, §9). */
import { describe, expect, it } from 'vitest';
import { APP_MSG, mobileAppsQuery } from '@wayguard/contracts';
import { defaultListState, toApiParams } from '../../../components/list';
import { addAppUrl, appScheduleUrl } from '../../../lib/app-classic-links';
import { appsList } from '../lib/apps-list-config';
import {
  appsColumns,
  appsTableSpan,
  assignVars,
  assignedText,
  installedText,
  rowTooltip,
  switchSteps,
  reachKnown,
} from '../lib/assignment';
import { appsNodeFromParams } from '../lib/node';

const app = {
  id: 9,
  package_name: 'com.chess',
  is_assigned: false,
  is_warning: false,
  installed_on: 0,
  version: '',
  mandatory: false,
  pending: null,
  installed_count: 0,
  assigned_on: 0,
  assigned_by_name: '',
} as const;

describe('columns and widths (002 §2.6, §9)', () => {
  it('has 7 cells on a device page and 6 on a user page', () => {
    expect(appsColumns({ type: 'device' })).toEqual(['name', 'installed', 'assigned', 'switch', 'schedule', 'more']);
    expect(appsTableSpan({ type: 'device' })).toBe(7);
    expect(appsTableSpan({ type: 'user' })).toBe(6);
  });
});

describe('cells', () => {
  it("says 'Not installed' and 'Not assigned', else the version and the date with 'by'", () => {
    expect(installedText(app, { type: 'device' }, 1)).toBe(APP_MSG.notInstalled);
    expect(installedText({ ...app, installed_on: 5, version: '1.2', installed_count: 1 }, { type: 'user' }, 2)).toBe(
      '1.2 (1 of 2 mobiles)',
    );
    expect(assignedText(app, String)).toBe(APP_MSG.notAssigned);
    expect(assignedText({ ...app, is_assigned: true, assigned_on: 100, assigned_by_name: 'admin' }, String)).toBe(
      '100 by admin',
    );
  });
  it('explains why an app is not installed', () => {
    expect(rowTooltip(app, [{ online: true }])).toBe(APP_MSG.tooltipNotAssigned);
    expect(rowTooltip({ ...app, is_assigned: true }, [{ online: false }])).toBe(APP_MSG.tooltipOffline);
    expect(rowTooltip({ ...app, is_assigned: true, mandatory: true, installed_on: 5 }, [{ online: false }])).toBe(
      APP_MSG.tooltipMandatory,
    );
    expect(rowTooltip({ ...app, is_assigned: true, pending: 'install' }, [{ online: true }])).toBe(
      APP_MSG.tooltipPending,
    );
    expect(rowTooltip({ ...app, is_assigned: true, installed_on: 5 }, [{ online: true }])).toBeNull();
  });
});

describe('switch steps (002 §4.4)', () => {
  it('warns before assigning an is_warning app and confirms for several mobiles', () => {
    expect(switchSteps(app, true, [1])).toEqual(['send']);
    expect(switchSteps({ ...app, is_warning: true }, true, [1, 2])).toEqual(['warning', 'confirm', 'send']);
    expect(switchSteps({ ...app, is_warning: true, is_assigned: true }, false, [1])).toEqual(['send']);
  });
  it('confirms an unassignment that reaches several mobiles too (issue 26)', () => {
    expect(switchSteps({ ...app, is_assigned: true }, false, [1, 2])).toEqual(['confirm', 'send']);
  });
  it("asks when the device's user's mobiles could not be read (002 review #5)", () => {
    expect(switchSteps(app, true, [1], 'failed')).toEqual(['confirm', 'send']);
    expect(switchSteps({ ...app, is_assigned: true }, false, [1], 'failed')).toEqual(['confirm', 'send']);
  });
  it("knows the reach once the user's mobiles are read, waits while they load, and fails on error", () => {
    expect(reachKnown(false, { isError: false, data: undefined })).toBe('known');
    expect(reachKnown(true, { isError: false, data: undefined })).toBe('loading');
    expect(reachKnown(true, { isError: true, data: undefined })).toBe('failed');
    expect(reachKnown(true, { isError: true, data: [] })).toBe('known');
  });
  it('sends assign / unassign for users and add / remove for devices', () => {
    expect(assignVars({ type: 'user', id: 3 }, { ...app, is_warning: true }, true, true)).toEqual({
      to: 'user',
      packageName: 'com.chess',
      body: { app_id: 9, action: 'assign', user_id: 3, warning_accepted: true },
    });
    expect(assignVars({ type: 'device', id: 'NFMB2001' }, app, false, false)).toEqual({
      to: 'device',
      packageName: 'com.chess',
      body: { app_id: 9, action: 'remove', id: 'NFMB2001' },
    });
  });
});

describe('pages and calls', () => {
  it('reads the node from the address', () => {
    expect(appsNodeFromParams({ userId: '3' })).toEqual({ type: 'user', id: 3 });
    expect(appsNodeFromParams({ mobileId: 'NFMB2001' })).toEqual({ type: 'device', id: 'NFMB2001' });
    expect(appsNodeFromParams({ userId: 'x' })).toBeNull();
  });
  it('sends the node with the list parameters of the contract, by name A-Z', () => {
    const def = appsList({ type: 'user', id: 3 });
    const params = toApiParams(defaultListState(def), def);
    expect(params).toMatchObject({ user_id: 3, sort_by: 'name', reverse_order: '0', count: 25 });
    expect(mobileAppsQuery.safeParse(params).success).toBe(true);
  });
  it('links Add App and Schedule into the classic console', () => {
    expect(addAppUrl('https://c.example', 'NF1')).toBe('https://c.example/apps/mobile/request?id=NF1&request_add=1');
    expect(appScheduleUrl('https://c.example', { userId: 3 }, 'com.chess')).toBe(
      'https://c.example/apps/mobile/schedule?user_id=3&package=com.chess',
    );
  });
});
