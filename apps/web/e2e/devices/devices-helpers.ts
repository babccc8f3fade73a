/**
 * Helpers of the devices specs: who signs in, the devices list as the API answers it, the table as
 * shown, and the demo devices each spec may change. The specs sign in as the users list specs' Console
 * Admin of Northfield (katie.adams11, saved by auth.setup.ts): the demo 'admin' has the Terms of Use
 * gate, which gating.spec.ts passes once per run. The changes touch only devices no other spec reads:
 * NFPC1003 (renamed), NFPC1004 and NFMB2003 (settings toggled, NFMB2003 locked and given a password).
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import type { DevicesListResponse } from '@wayguard/contracts';
import { API } from '../api-helpers';
import { openAs } from '../sessions';
import { ADMIN } from '../users/users-list-helpers';

export { recordToasts, expectToast, clearToasts } from '../users/users-list-helpers';

/** Other engineers' runs load this machine: waits are long, so that a slow moment is not a failure. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Demo devices these specs rely on or change (apps/server/src/seed/demo.ts). */
export const DEVICES = {
  critical: { id: 'NFPC1001', name: 'NF-LAB-PC01' },
  alsoCritical: { id: 'NFPC1004', name: 'NF-LAB-PC04' },
  renamed: { id: 'NFPC1003', name: 'NF-LAB-PC03' },
  toggledPc: { id: 'NFPC1004', name: 'NF-LAB-PC04' },
  toggledMobile: { id: 'NFMB2003', name: 'Northfield Tablet 3' },
  readMobile: { id: 'NFMB2001', name: 'Northfield Tablet 1' },
  deactivated: { id: 'NFPC1011', name: 'NF-LAB-PC11' },
  notBilled: { id: 'NFPC1010', name: 'NF-LAB-PC10' },
  riverside: { id: 'RFPC0001', name: 'RIVERSIDE-MARKER Laptop' },
} as const;

export const DEFAULT_PARAMS = { page: '1', count: '25', sort_by: 'name', reverse_order: '0' } as const;

export async function signInAdmin(page: Page, path = '/'): Promise<void> {
  await openAs(page, ADMIN, path);
}

/** GET /devices with the page's session; flags absent from `params` take their defaults on the server. */
export async function apiDevices(page: Page, params: Record<string, string>): Promise<DevicesListResponse> {
  const res = await page.request.get(`${API}/devices`, { params });
  expect(res.status()).toBe(200);
  return (await res.json()) as DevicesListResponse;
}

export const devicesTable = (page: Page) => page.getByRole('table', { name: 'Devices' });

/** Waits until the table shows the answer to its current parameters. */
export async function settled(page: Page): Promise<void> {
  await expect(devicesTable(page)).toHaveAttribute('aria-busy', 'false');
}

/** The device names shown, in order (each row's header cell holds the name link first). */
export async function shownNames(page: Page): Promise<string[]> {
  await settled(page);
  return devicesTable(page).locator('tbody th[scope="row"] a').allTextContents();
}

export function addressParams(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

/** The list call's parameters for the address's state (flags and billed choice as the page sends them). */
export function apiParamsOf(address: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = { ...address };
  const billed = params.billed;
  delete params.billed;
  if (billed === 'registered_not_billed' || billed === 'billed_not_registered') params[billed] = '1';
  return params;
}

/** The table shows the API's page for the address's parameters (retried with a fresh read of both). */
export async function expectRowsMatchApi(page: Page): Promise<void> {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const shown = await shownNames(page);
    const { devices } = await apiDevices(page, apiParamsOf(addressParams(page)));
    expect(shown).toEqual(devices.map((d) => d.name));
  }).toPass({ timeout: 30_000 });
}

/** A card (labelled region) of a device page. */
export const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** Opens a device page and waits for its heading. */
export async function openDevice(page: Page, kind: 'machine' | 'mobile', id: string, name: string, sub = '') {
  await page.goto(`/devices/${kind}/${id}${sub ? `/${sub}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: `Device Details for ${name}` })).toBeVisible();
}
