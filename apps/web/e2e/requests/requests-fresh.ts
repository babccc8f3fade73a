/**
 * Fresh request threads of one spec, in Riverside (the family admin's account, as requests-loop does),
 * so that no Northfield spec sees them and no other spec takes them: each host is unique to the run and
 * blocked for the whole account first (POST /requests/block), then asked for by a simulated PC of the
 * spec's own (tools/simulator/device.mjs over real HTTP). Decisions the spec needs before its screen
 * (a denial, an escalation, an approval) are made through POST /requests.
 */
import type { Page } from '@playwright/test';
import type { RequestActionResponse, RequestItem } from '@wayguard/contracts';
import { SimDevice, identityOf } from '../../../../tools/simulator/device.mjs';
import { postAsPage } from '../api-helpers';
import { test } from '../fixtures';
import { apiRequests, expect } from './requests-helpers';
import { createEnrolmentToken, revokeEnrolmentToken, uniqueFleet } from '../simulator-helpers';

export type Fresh = { pc: SimDevice; done: () => Promise<void> };

/** A simulated PC of the spec, enrolled in the page's account (the family admin's Riverside). */
export async function freshDevice(page: Page, label: string): Promise<Fresh> {
  const token = await createEnrolmentToken(page, label);
  const pc = new SimDevice({
    baseUrl: test.info().project.use.baseURL!,
    token: token.secret,
    identity: identityOf(uniqueFleet(), 0, 'machine'),
  });
  await pc.enrol();
  await pc.checkin();
  return { pc, done: () => revokeEnrolmentToken(page, token.id) };
}

/**
 * A pending thread for a new host, blocked for the account then asked for by the PC (and by each of
 * `pupils`, local users of the PC, with `notes`: one thread of many asks); its row.
 */
export async function freshThread(
  page: Page,
  pc: SimDevice,
  label: string,
  o: { notes?: string; pupils?: string[] } = {},
): Promise<RequestItem> {
  const notes = o.notes ?? 'For my project';
  const host = `e2e-${label}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}.example`;
  const block = await postAsPage(page, '/requests/block', {
    url: `https://${host}`,
    reason: 'Checked first',
    for: 'global',
    notify: { name: 'E2E', email: 'e2e@rf.example' },
  });
  expect(block.status(), await block.text()).toBe(200);
  await pc.request({ url: `https://${host}/`, notes });
  for (const username of o.pupils ?? [])
    await pc.request({ url: `https://${host}/`, notes, user: { kind: 'local_user', username } });
  let row: RequestItem | undefined;
  await expect
    .poll(async () => {
      const list = await apiRequests(page, { type: 'website', state: 'pending', status: 'admin', query: host });
      row = list.requests[0];
      return row?.website ?? '';
    })
    .toContain(host);
  return row!;
}

/** POST /requests on the thread with the page's session; answers the per-item results. */
export async function actOn(page: Page, id: number, action: string, extra: Record<string, unknown> = {}) {
  const res = await postAsPage(page, '/requests', { id: [id], action, type: 'website', ...extra });
  expect(res.status(), await res.text()).toBe(200);
  const results = (await res.json()) as RequestActionResponse;
  expect(results[0]?.action).not.toBe('error');
  return results;
}
