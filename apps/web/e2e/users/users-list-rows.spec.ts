/**
 * What each row of the users list shows (000 §2.7, §3.5, §4.4): the last-active marker by the spec's
 * precedence, when the user was last active (Today, Yesterday, 'N days ago', a date) and the creation
 * date, both in the browser's time zone; server and local users with their pages; and only the signed-in
 * account's users. Read only.
 */
import type { Page } from '@playwright/test';
import type { UserListItem } from '@wayguard/contracts';
import { test } from '../fixtures';
import { DEMO } from '../demo';
import { addressParams, apiUsers, expect, settled, signIn, signInAdmin, usersTable } from './users-list-helpers';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The calendar day of a moment in a time zone. */
function dayIn(unixSeconds: number, timeZone: string): { y: number; m: number; d: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })
    .formatToParts(new Date(unixSeconds * 1000))
    .reduce<Record<string, number>>((acc, p) => ({ ...acc, [p.type]: Number(p.value) }), {});
  return { y: parts.year ?? 0, m: parts.month ?? 0, d: parts.day ?? 0 };
}

/** 'D MMM YYYY' in the zone (000 §9). */
function dateIn(unixSeconds: number, timeZone: string): string {
  const { y, m, d } = dayIn(unixSeconds, timeZone);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** Today, Yesterday, 'N days ago' (under 7 days), else the date; by calendar days in the zone (000 §4.4). */
function lastActiveIn(unixSeconds: number, timeZone: string): string {
  const serial = (u: number) => {
    const { y, m, d } = dayIn(u, timeZone);
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  const days = serial(Date.now() / 1000) - serial(unixSeconds);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return dateIn(unixSeconds, timeZone);
}

/** The marker the spec's precedence picks; a deleted server or local user reads Deleted. */
function expectedMarker(u: UserListItem): string {
  const f = u.filters;
  const server = u.type.type === 'server_user' || u.type.type === 'local_user';
  if (f.awaiting_activation) return 'Awaiting activation';
  if (f.password_reset) return 'Password has been reset';
  if (f.deactivated) return server ? 'Deleted' : 'Deactivated';
  if (f.not_active_last_30_days) return '30d+';
  if (f.active_last_30_days) return '30d';
  if (f.active_past_hour) return '1h';
  return 'Never';
}

/** What screen readers hear after an abbreviated marker. */
const MEANINGS: Record<string, string> = {
  '30d+': 'Not active in the last 30 days',
  '30d': 'Active in the last 30 days',
  '1h': 'Active in the past hour',
};

/** Cells after the row header (username): first name, last name, email, type, status, last active, created. */
const LAST_ACTIVE = 5;
const CREATED = 6;

/** Every row shows its marker, last-active text and creation date as the zone reads the API's times. */
async function expectRowsShowTimes(page: Page, timeZone: string): Promise<void> {
  let attempt = 0;
  // Other specs change users meanwhile: a mismatch is retried with a fresh read of both.
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    await settled(page);
    const { users } = await apiUsers(page, addressParams(page));
    const rows = usersTable(page).locator('tbody tr');
    await expect(rows).toHaveCount(users.length);
    for (const [i, u] of users.entries()) {
      const cells = rows.nth(i).getByRole('cell');
      const lastActive = (await cells.nth(LAST_ACTIVE).innerText()).replace(/\s+/g, ' ').trim();
      const marker = expectedMarker(u);
      const meaning = MEANINGS[marker] ? ` (${MEANINGS[marker]})` : '';
      const when = u.last_active > 0 ? ` ${lastActiveIn(u.last_active, timeZone)}` : '';
      expect(lastActive, u.username).toBe(`${marker}${meaning}${when}`);
      expect(await cells.nth(CREATED).innerText(), u.username).toBe(dateIn(u.date_created, timeZone));
    }
  }).toPass({ timeout: 60_000 });
}

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel', timeout: 180_000 });

// 25 hours apart: every moment falls on a different calendar day in one than in the other.
for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
  test.describe(`rows in ${timeZone}`, () => {
    test.use({ timezoneId: timeZone });

    test('last-active markers by precedence; last active and created dates in the browser time zone', async ({
      page,
    }) => {
      await signInAdmin(page);
      // Every user of the account, 100 a page: every status and activity window, server and local users.
      const markers = new Set<string>();
      for (let n = 1, pages = 1; n <= pages; n++) {
        await page.goto(`/users?sort_by=last_active&reverse_order=1&count=100&page=${n}`);
        await expectRowsShowTimes(page, timeZone);
        const { users, total_count } = await apiUsers(page, addressParams(page));
        pages = Math.ceil(total_count / 100);
        for (const u of users) markers.add(expectedMarker(u));
      }
      // ... and the demo data has them all, so every marker was checked.
      for (const m of [
        'Awaiting activation',
        'Password has been reset',
        'Deactivated',
        'Deleted',
        '30d+',
        '30d',
        '1h',
        'Never',
      ])
        expect([...markers]).toContain(m);
    });
  });
}

test.describe('server and local users in the list', () => {
  test('each links to /users/server_users/{id} and reads its type', async ({ page }) => {
    await signInAdmin(page);
    for (const [query, type, label] of [
      ['northfield.local', 'server_user', 'Server/Domain User'],
      ['student@NF-', 'local_user', 'Local Windows User'],
    ] as const) {
      await page.goto(`/users?query=${encodeURIComponent(query)}`);
      await settled(page);
      const { users } = await apiUsers(page, { query });
      const ours = users.filter((u) => u.type.type === type);
      expect(ours.length).toBeGreaterThan(0);
      for (const u of ours) {
        const row = usersTable(page)
          .getByRole('row')
          .filter({ has: page.getByRole('rowheader', { name: u.username, exact: true }) });
        await expect(row.getByRole('link', { name: u.username, exact: true })).toHaveAttribute(
          'href',
          `/users/server_users/${u.id}`,
        );
        await expect(row).toContainText(label);
      }
    }
    // A local user's link opens its page.
    await usersTable(page).getByRole('link', { name: 'student@NF-LAB01', exact: true }).click();
    await expect(page).toHaveURL(/\/users\/server_users\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('student@NF-LAB01');
  });

  test("another account's admin sees only that account's users, its local user included", async ({ page }) => {
    await signIn(page, DEMO.family);
    await page.goto('/users');
    await settled(page);
    const { users, total_count } = await apiUsers(page, { count: '100' });
    const shown = await usersTable(page).locator('tbody th[scope="row"]').allTextContents();
    expect(shown).toEqual(users.map((u) => u.username));
    expect(total_count).toBe(users.length);
    expect(shown).toContain('family');
    expect(shown.some((name) => /northfield|staff\.nf|katie/i.test(name))).toBe(false);
    const local = users.find((u) => u.type.type === 'local_user');
    expect(local?.username).toBe('kid@RIVERSIDE-MARKER-PC');
    await expect(usersTable(page).getByRole('link', { name: 'kid@RIVERSIDE-MARKER-PC' })).toHaveAttribute(
      'href',
      `/users/server_users/${local?.id}`,
    );
    // A Northfield user is not found by searching either.
    await page.getByRole('textbox', { name: 'Search users' }).fill('katie.adams11');
    await page.getByRole('textbox', { name: 'Search users' }).press('Enter');
    await expect(usersTable(page).getByText('No users found')).toBeVisible();
  });
});
