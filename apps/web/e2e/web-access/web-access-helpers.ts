/**
 * Helpers of the web-access specs (002 §2.3-2.5, §2.9): who signs in, the demo nodes each spec reads or
 * changes, the list calls as the API answers them, and the page's pieces. The specs sign in as the
 * users list specs' Console Admin of Northfield (katie.adams11). Changes touch only NFPC1007
 * (NF-LAB-PC07) and the server user year8.dana, which no other spec reads.
 */
import { expect as baseExpect, type Locator, type Page } from '@playwright/test';
import type { CategoriesResponse, WebAccessListResponse } from '@wayguard/contracts';
import { API } from '../api-helpers';
import { openAs } from '../sessions';
import { ADMIN, REQUEST_ADMIN } from '../users/users-list-helpers';
import { serverUserId } from '../server-users/server-users-helpers';

export { recordToasts, expectToast, clearToasts } from '../users/users-list-helpers';
export { ADMIN, REQUEST_ADMIN };

/** Other engineers' runs load this machine: waits are long, so that a slow moment is not a failure. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** Demo nodes (apps/server/src/seed/demo-web-access.ts). */
export const NODES = {
  /** Read only: a lab PC with its own rules (file sharing blocked, scratch.mit.edu allowed). */
  readPc: { type: 'machine', id: 'NFPC1006', name: 'NF-LAB-PC06' },
  /** Changed by web-access-websites.spec.ts only. */
  changedPc: { type: 'machine', id: 'NFPC1007', name: 'NF-LAB-PC07' },
  /** Changed by web-access-schedule-test.spec.ts only. */
  scheduledPc: { type: 'machine', id: 'NFPC1008', name: 'NF-LAB-PC08' },
  /** Read only: a tablet. */
  readMobile: { type: 'mobile', id: 'NFMB2004', name: 'Northfield Tablet 4' },
} as const;

export const SERVER_USERS = {
  /** Read only: roblox.com blocked for him. */
  ahmed: 'year7.ahmed@northfield.local',
  /** Changed by these specs only. */
  dana: 'year8.dana@northfield.local',
} as const;

export type Node = { type: 'machine' | 'mobile' | 'server_user' | 'account'; id: string };

export const deviceUrl = (n: { type: string; id: string }, page: 'websites' | 'media' | 'categories') =>
  `/devices/${n.type}/${n.id}/${page}`;
export const serverUserUrl = (id: number, page: 'websites' | 'media' | 'categories') =>
  `/users/server_users/${id}/${page}`;

export async function signInAdmin(page: Page, path = '/'): Promise<void> {
  await openAs(page, ADMIN, path);
}

export async function userNode(page: Page, username: string): Promise<Node> {
  return { type: 'server_user', id: String(await serverUserId(page.request, username)) };
}

export async function apiWebsites(page: Page, node: Node, params: Record<string, string> = {}) {
  const res = await page.request.get(`${API}/node/web_access/websites/list`, {
    params: { id: node.id, type: node.type, page: '1', count: '25', sort_by: 'managed', ...params },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as WebAccessListResponse;
}

export async function apiMedia(page: Page, node: Node, params: Record<string, string> = {}) {
  const res = await page.request.get(`${API}/node/web_access/media/list`, {
    params: { id: node.id, type: node.type, page: '1', count: '25', sort_by: 'managed', ...params },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as WebAccessListResponse;
}

export async function apiCategories(page: Page, node: Node, query = '') {
  const res = await page.request.get(`${API}/node/web_access/categories/list`, {
    params: { id: node.id, type: node.type, ...(query ? { query } : {}) },
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as CategoriesResponse;
}

export const table = (page: Page, name: 'Websites' | 'Media') => page.getByRole('table', { name });

/** Waits until the table shows the answer to its current parameters. */
export async function settled(page: Page, name: 'Websites' | 'Media'): Promise<void> {
  await expect(table(page, name)).toHaveAttribute('aria-busy', 'false');
}

/** The names shown, in order (each row's header cell holds the name). */
export async function shownNames(page: Page, name: 'Websites' | 'Media'): Promise<string[]> {
  await settled(page, name);
  return (await table(page, name).locator('tbody th[scope="row"]').allTextContents()).map((t) =>
    t.replace('(opens in a new tab)', '').trim(),
  );
}

/** The table row whose name is exactly `name`. */
export function rowOf(page: Page, tableName: 'Websites' | 'Media', name: string): Locator {
  return table(page, tableName)
    .locator('tbody tr')
    .filter({ has: page.getByRole('switch', { name: `Access to ${name}`, exact: true }) });
}

export function addressParams(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

export async function search(page: Page, label: string, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: label });
  await box.fill(text);
  // The search's answer has come (rows of the list before it are not acted on).
  const answered = page.waitForResponse(
    (r) => r.url().includes('/node/web_access/') && new URL(r.url()).searchParams.get('query') === text,
  );
  await box.press('Enter');
  await answered;
}
