/**
 * Helpers of the request list specs (001 §2.4-2.6): who signs in, the lists as the API answers them,
 * and the screen's pieces. The specs change only the demo requests of Northfield they pick from the
 * API at run time (each picks rows the others leave alone: pending, approved, denied websites).
 */
import { expect as baseExpect, type Page } from '@playwright/test';
import type { RequestItem, RequestsListResponse } from '@wayguard/contracts';
import { API } from '../api-helpers';
import { staff } from '../demo';

export { openAs } from '../sessions';

/** Slow moments on a shared machine are not failures: long waits. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** A Console Admin of Northfield who processes requests here, and a Console User (read only). */
export const REQ_ADMIN = staff('katie.adams51');
export const CONSOLE_USER = staff('ruby.king58');

type ListParams = {
  type: 'website' | 'media';
  state: 'pending' | 'approved' | 'denied';
  status: 'admin' | 'tech' | 'all';
};

/** GET /requests with the page's session. */
export async function apiRequests(
  page: Page,
  params: ListParams & Record<string, string>,
): Promise<RequestsListResponse> {
  const res = await page.request.get(`${API}/requests`, { params: { count: '100', ...params } });
  expect(res.status()).toBe(200);
  return (await res.json()) as RequestsListResponse;
}

/** What a row is called on screen (the table's subject and the actions' names). */
export const subjectOf = (r: Pick<RequestItem, 'type' | 'title' | 'website'>) =>
  r.type === 'media' && r.title ? r.title : r.website;

/** The list's table ('Website requests' / 'Media requests'). */
export const requestsTable = (page: Page, kind: 'Website' | 'Media' = 'Website') =>
  page.getByRole('table', { name: `${kind} requests` });

/** The success or error toast with this text. */
export const toastWith = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** The subjects the table shows, in order (the subject alone: not a 'Not blocked now' marker beside it). */
export async function shownSubjects(page: Page, kind: 'Website' | 'Media' = 'Website'): Promise<string[]> {
  const subjects = requestsTable(page, kind).locator('tbody th[scope="row"] [data-testid="request-subject"]');
  return (await subjects.allInnerTexts()).map((t) => t.trim());
}
