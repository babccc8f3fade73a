/** Reset password (002 §2.12, §5, §8): validation, the captcha when asked for, the mailed one-time password, errors. */
import { MSG } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, latestMailTo, test } from '../fixtures';
import { DEMO } from '../demo';
import { expectSignedIn, solveCaptcha, submitCredentials } from '../auth-helpers';

const TEACHER_EMAIL = 'teacher@northfield.example';

function oneTimePassword(text: string): string {
  const match = /\n\n([A-Za-z0-9]{16})\n\n/.exec(text);
  if (!match?.[1]) throw new Error(`no one-time password in: ${text}`);
  return match[1];
}

test.describe('reset password page', () => {
  test('shows the form, its links and the validation messages', async ({ page }) => {
    await page.goto('/reset_password?username=teacher');
    await expect(page).toHaveTitle('Wayguard | Reset password');
    await expect(page.getByLabel('Username')).toHaveValue('teacher');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?username=teacher');
    await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/support');
    await expectNoA11yViolations(page);

    const submit = page.getByRole('button', { name: 'Reset Password' });
    await page.getByLabel('Username').fill('');
    await submit.click();
    await expect(page.getByText(MSG.usernameRequired)).toBeVisible();
    await expect(page.getByText(MSG.emailRequired)).toBeVisible();
    // The captcha is optional (002 §2.12): not asked for until the server asks.
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toHaveCount(0);
    await expect(page.getByText(MSG.captchaRequired)).toHaveCount(0);
    await expectNoA11yViolations(page);

    await page.getByLabel('Username').fill('other');
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login?username=other');
    await page.getByLabel('Email').fill('not-an-address');
    await expect(page.getByText(MSG.emailInvalid, { exact: true })).toBeVisible();
    await page.getByLabel('Email').fill('a-very-long-address-indeed@northfield.example');
    await expect(page.getByText(MSG.emailInvalid, { exact: true })).toBeVisible();
  });

  test('a server error shows the catalogue text', async ({ page }) => {
    await page.route('**/api/mobile/admin/reset_password', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"error":"boom"}' }),
    );
    await page.goto('/reset_password');
    await page.getByLabel('Username').fill('teacher');
    await page.getByLabel('Email').fill(TEACHER_EMAIL);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.resetUnknown })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: "I'm not a robot" })).toHaveCount(0);
  });

  test('shows the captcha when the server asks for it, and sends its solution', async ({ page }) => {
    let asked = false;
    await page.route('**/api/mobile/admin/reset_password', async (route) => {
      if (asked) return route.continue();
      asked = true;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: MSG.captchaRequired, error_message: MSG.captchaRequired }),
      });
    });
    await page.goto('/reset_password');
    await page.getByLabel('Username').fill('nobody.at.all');
    await page.getByLabel('Email').fill('nobody@northfield.example');
    const submit = page.getByRole('button', { name: 'Reset Password' });
    await submit.click();
    await expect(page.getByText(MSG.captchaRequired)).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: MSG.resetUnknown })).toHaveCount(0);
    await expectNoA11yViolations(page);
    await solveCaptcha(page);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/mobile/admin/reset_password'));
    await submit.click();
    expect(((await sent).postDataJSON() as { recaptcha_response?: string }).recaptcha_response).toBeTruthy();
    await expect(page).toHaveURL(/\/login\?username=nobody\.at\.all&email=/);
  });

  test('resets through the mailed one-time password, which then stops working', async ({ page, context }) => {
    await page.goto('/reset_password?username=teacher');
    await page.getByLabel('Email').fill(TEACHER_EMAIL);
    await page.getByRole('button', { name: 'Reset Password' }).click();

    await expect(page.getByText(MSG.resetPasswordSent)).toBeVisible();
    await expect(page).toHaveURL(/\/login\?username=teacher&email=teacher%40northfield\.example$/);
    await expect(page.getByText(MSG.resetEmailSentNotice.replace('{email}', TEACHER_EMAIL))).toBeVisible();

    const credential = oneTimePassword((await latestMailTo(page, TEACHER_EMAIL)).text);
    await page.getByLabel('Password', { exact: true }).fill(credential);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(MSG.passwordExpired)).toBeVisible();
    // Back to the demo password, so other specs can still sign in as the teacher.
    await page.getByLabel('New password', { exact: true }).fill(DEMO.teacher.password);
    await page.getByLabel('Confirm new password').fill(DEMO.teacher.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectSignedIn(page, 'Taylor Brooks');

    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await submitCredentials(page, 'teacher', credential);
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed(MSG.badCredentials) })).toBeVisible();
  });

  test('a signed-in visitor is sent back to where they were', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem('wg.session', 'A'.repeat(32));
      localStorage.setItem('wg.previousLocation', '/users');
    });
    await page.goto('/reset_password');
    await expect(page).not.toHaveURL(/reset_password/);
  });
});
