/** Contact Us (002 §2.13): public page, fields by type, copy buttons, skeleton, error state. */
import type { Page } from '@playwright/test';
import { MSG, type ContactResponse } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { API, rail } from '../shell-helpers';
import { STAFF, signInToShell } from './support-helpers';

async function contactDetails(page: Page): Promise<ContactResponse> {
  const res = await page.request.get(`${API}/contact`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ContactResponse;
}

// Read only and independent: its tests spread over the workers (playwright.config.ts keeps files in order by default).
test.describe.configure({ mode: 'parallel' });

test.describe('Contact Us signed out (bare frame)', () => {
  test('shows the title, text and every field by its type', async ({ page }) => {
    const contact = await contactDetails(page);
    await page.goto('/support');
    await expect(page).toHaveTitle('Wayguard | Contact Us');
    await expect(page.getByRole('heading', { level: 1, name: contact.title })).toBeVisible();
    await expect(page.getByText(contact.text)).toBeVisible();
    await expect(rail(page)).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Wayguard' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    const rows = page.getByTestId('contact-field');
    await expect(rows).toHaveCount(contact.fields.length);
    const types = new Set(contact.fields.map((f) => f.type));
    expect([...types].sort()).toEqual(['email', 'phone', 'text', 'url']);
    for (const [i, field] of contact.fields.entries()) {
      const row = rows.nth(i);
      await expect(row.getByRole('term')).toHaveText(field.label);
      await expect(row.getByRole('definition')).toContainText(field.value);
      await expect(row.getByRole('button', { name: `Copy ${field.label}` })).toBeVisible();
      const link = row.getByRole('link');
      if (field.type === 'email') {
        await expect(link).toHaveAttribute('href', `mailto:${field.value}`);
        await expect(link).not.toHaveAttribute('target', /.+/);
      } else if (field.type === 'url') {
        await expect(link).toHaveAttribute('href', field.value);
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /noopener/);
        await expect(link).toHaveAccessibleName(`${field.value} (opens in a new tab)`);
      } else if (field.type === 'phone') {
        await expect(link).toHaveAttribute('href', `tel:${field.value.replace(/[^\d+]/g, '')}`);
      } else {
        await expect(link).toHaveCount(0);
      }
    }
    // Feedback needs a session: no link to it for a visitor.
    await expect(page.getByRole('link', { name: 'Send feedback' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoA11yViolations(page);
  });

  test('copy buttons copy the value and confirm with "{label} data copied"', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const contact = await contactDetails(page);
    await page.goto('/support');
    for (const field of contact.fields) {
      await page.getByRole('button', { name: `Copy ${field.label}` }).click();
      await expect(page.getByRole('alert').filter({ hasText: MSG.dataCopied(field.label) })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(field.value);
    }
  });

  test('a skeleton shows while the details load', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API}/contact`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/support');
    const skeleton = page.getByTestId('contact-skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Loading contact details' })).toBeAttached();
    await expectNoA11yViolations(page);
    release();
    await expect(skeleton).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  });

  test('a failed load says so and can be retried', async ({ page }) => {
    let fail = true;
    await page.route(`**${API}/contact`, async (route) => {
      if (fail) await route.fulfill({ status: 500, json: { success: false, error: MSG.somethingWrong } });
      else await route.continue();
    });
    await page.goto('/support');
    await expect(page.getByRole('alert').filter({ hasText: 'The contact details could not be loaded.' })).toBeVisible({
      timeout: 15_000, // one retry of a 5xx first
    });
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByTestId('contact-field').first()).toBeVisible();
  });
});

test.describe('Contact Us signed in (shell)', () => {
  test('renders inside the shell with breadcrumbs, copies, and links to Feedback', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInToShell(page, STAFF.olivia);
    const contact = await contactDetails(page);
    const nav = rail(page);
    await nav.getByRole('button', { name: 'Support' }).click();
    await nav.getByRole('link', { name: 'Contact Us' }).click();
    await expect(page).toHaveURL('/support');
    await expect(page.getByRole('heading', { level: 1, name: contact.title })).toBeVisible();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Support');

    const email = contact.fields.find((f) => f.type === 'email')!;
    await page.getByRole('button', { name: `Copy ${email.label}` }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.dataCopied(email.label) })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(email.value);
    await expectNoA11yViolations(page);

    await page.getByRole('link', { name: 'Send feedback' }).click();
    await expect(page).toHaveURL('/support/feedback');
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  });
});
