/** Activate User Account (000 §2.5, §4.3, §5): the e-mailed link, a bad token, an expired link. */
import { MSG } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, latestMailTo, test } from '../fixtures';
import { expectSignedIn, submitCredentials } from '../auth-helpers';

function activationPath(text: string): string {
  const match = /https?:\/\/\S+(\/activate\?token=[A-Za-z0-9]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no activation link in: ${text}`);
  return match[1];
}

test.describe('activation page', () => {
  test('activates a new account through the e-mailed link', async ({ page }) => {
    const mail = await latestMailTo(page, 'newstaff@northfield.example');
    await page.goto(activationPath(mail.text));

    await expect(page).toHaveTitle('Wayguard | Activate User Account');
    await expect(page.getByRole('heading', { level: 1, name: 'Activate User Account' })).toBeVisible();
    await expect(page.getByText('Welcome, Noah Patel.', { exact: false })).toBeVisible();
    await expectNoA11yViolations(page);

    const submit = page.getByRole('button', { name: 'Activate account' });
    await submit.click();
    await expect(page.getByText(MSG.usernameRequired)).toBeVisible();
    await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
    await expect(page.getByText(MSG.confirmPasswordRequired)).toBeVisible();
    await expectNoA11yViolations(page);

    await page.getByLabel('Username').fill('newstaff');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('Welcome2026Noah');
    await page.getByLabel('Confirm password').fill('Welcome2026Other');
    await submit.click();
    await expect(page.getByText(MSG.passwordsMustMatch)).toBeVisible();

    // A refusal (a username other than the link's) shows the server's text on the form, which stays.
    await page.getByLabel('Username').fill('someone.else');
    await page.getByLabel('Confirm password').fill('Welcome2026Noah');
    await submit.click();
    const refusal = page.getByRole('alert').filter({ hasText: MSG.activationUsernameMismatch });
    await expect(refusal).toBeVisible();
    await expect(page).toHaveURL(/\/activate\?token=/);
    await expect(page.getByText(MSG.accountActivated)).toHaveCount(0);

    await page.getByLabel('Username').fill('newstaff');
    await submit.click();
    await expect(page.getByText(MSG.accountActivated)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?username=newstaff$/);
    await expect(page.getByLabel('Username')).toHaveValue('newstaff');

    await submitCredentials(page, 'newstaff', 'Welcome2026Noah');
    await expectSignedIn(page, 'Noah Patel');
  });

  test('rejects a token of the wrong length without asking the server', async ({ page }) => {
    const checks: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/check_activation_token')) checks.push(r.url());
    });
    await page.goto('/activate?token=tooshort');
    await expect(page.getByText(MSG.activationTokenLength)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    await expectNoA11yViolations(page);
    expect(checks).toEqual([]);
  });

  test('an expired link says so and leads to login', async ({ page }) => {
    const mail = await latestMailTo(page, 'stalelink@northfield.example');
    await page.goto(activationPath(mail.text));
    await expect(page.getByText(MSG.activationExpired)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Username' })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an unknown token reads as expired', async ({ page }) => {
    await page.goto(`/activate?token=${'x'.repeat(64)}`);
    await expect(page.getByText(MSG.activationExpired)).toBeVisible();
  });
});
