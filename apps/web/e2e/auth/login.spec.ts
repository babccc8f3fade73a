/** Login (000 §2.4, §4.1, §5, §8): validation, failures, forced password change, two-factor, captcha. */
import { MSG } from '@wayguard/contracts';
import { expect, expectNoA11yViolations, test } from '../fixtures';
import { DEMO } from '../demo';
import { expectSignedIn, solveCaptcha, submitCredentials, submitMfaCode, totp } from '../auth-helpers';

test.describe('login page', () => {
  test('shows the form, its links and the validation messages', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Wayguard | Login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/support');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(MSG.usernameRequired)).toBeVisible();
    await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);

    await page.getByLabel('Username').fill('someone');
    await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/reset_password?username=someone',
    );
  });

  test('prefills the username and shows the reset e-mail notice', async ({ page }) => {
    await page.goto('/login?username=teacher&email=teacher%40northfield.example');
    await expect(page.getByLabel('Username')).toHaveValue('teacher');
    await expect(
      page.getByText(MSG.resetEmailSentNotice.replace('{email}', 'teacher@northfield.example')),
    ).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  });

  test('a wrong password shows the server reason; the right one signs in', async ({ page }) => {
    await page.goto('/login');
    await submitCredentials(page, 'riverside-parent', 'NotTheRightOne1');
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed(MSG.badCredentials) })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Password', { exact: true }).fill(DEMO.parent.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectSignedIn(page, 'Casey Rivers');
  });

  test('a failed call shows the login exception', async ({ page }) => {
    await page.route('**/api/mobile/admin/login', (route) => route.abort('connectionfailed'));
    await page.goto('/login');
    await submitCredentials(page, DEMO.family.username, DEMO.family.password);
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginException })).toBeVisible();
  });

  test('returns to a same-site origin after sign-in, never to another site', async ({ page }) => {
    await page.goto('/login?origin=%2F%2Fevil.example%2Fphish');
    await submitCredentials(page, DEMO.family.username, DEMO.family.password);
    await expectSignedIn(page, 'Jordan Rivers');
    expect(page.url()).not.toContain('evil.example');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('forced password change for an expired password', async ({ page }) => {
    await page.goto('/login');
    await submitCredentials(page, DEMO.expired.username, DEMO.expired.password);

    const notice = page.getByRole('alert').filter({ hasText: MSG.passwordExpired });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('style', /yellow/);
    await expect(page.getByText(MSG.passwordHelper)).toBeVisible();
    await expect(page.getByLabel('Current password')).toHaveValue(DEMO.expired.password);
    await expectNoA11yViolations(page);

    const newPassword = page.getByLabel('New password', { exact: true });
    const confirm = page.getByLabel('Confirm new password');
    const submit = page.getByRole('button', { name: 'Change password' });

    await submit.click();
    await expect(page.getByText(MSG.passwordRequired)).toBeVisible();
    await expect(page.getByText(MSG.passwordConfirmRequired)).toBeVisible();

    await newPassword.fill('Short1');
    await submit.click();
    await expect(page.getByText(MSG.passwordTooShort)).toBeVisible();

    await newPassword.fill('nouppercase1');
    await expect(page.getByText(MSG.passwordInvalid)).toBeVisible();

    await newPassword.fill('Expired2026Renewed');
    await confirm.fill('Expired2026Other');
    await submit.click();
    await expect(page.getByText(MSG.passwordsMustMatch)).toBeVisible();
    await expectNoA11yViolations(page);

    await confirm.fill('Expired2026Renewed');
    await submit.click();
    await expectSignedIn(page, 'Eden Walsh');
  });

  test('two-factor code for a user with an authenticator', async ({ page }) => {
    await page.goto('/login');
    await submitCredentials(page, DEMO.mfaadmin.username, DEMO.mfaadmin.password);

    await expect(page.getByText(MSG.mfaPrompt, { exact: true })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Authentication code' })).toBeVisible();
    await expect(page.getByText(MSG.mfaSetupPrompt)).toHaveCount(0);
    await expectNoA11yViolations(page);

    // Back to the first step and through it again, the username kept.
    await page.getByRole('button', { name: 'Back to login' }).click();
    await expect(page.getByLabel('Username')).toHaveValue(DEMO.mfaadmin.username);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.mfaadmin.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('group', { name: 'Authentication code' })).toBeVisible();

    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(MSG.mfaCode, { exact: true })).toBeVisible();

    // A code from ten minutes ago is outside the accepted drift.
    await submitMfaCode(page, totp(DEMO.mfaadmin.totpSecret, Date.now() - 10 * 60_000));
    await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed(MSG.mfaCodeWrong) })).toBeVisible();

    await submitMfaCode(page, totp(DEMO.mfaadmin.totpSecret));
    await expectSignedIn(page, 'Morgan Price');
  });

  test('two-factor set-up: QR code, setup key, refresh, copy, then the code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await submitCredentials(page, DEMO.mfasetup.username, DEMO.mfasetup.password);

    await expect(page.getByText(MSG.mfaSetupPrompt)).toBeVisible();
    await expect(page.getByText(MSG.mfaPrompt, { exact: true })).toBeVisible();
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
    const key = page.getByTestId('mfa-setup-key');
    const firstKey = (await key.textContent()) ?? '';
    expect(firstKey).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Refresh QR code' }).click();
    await expect(key).not.toHaveText(firstKey);
    const secret = (await key.textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

    await page.getByRole('button', { name: 'Copy QR code' }).click();
    await expect(page.getByText(MSG.qrCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    await submitMfaCode(page, totp(secret));
    await expectSignedIn(page, 'Sam Okafor');
  });

  test('asks for the captcha after three failed attempts, then signs in', async ({ page }) => {
    // An unknown user: the failures count against this test's own client address, no demo user's.
    const stranger = `nobody-${Date.now()}`;
    await page.goto('/login');
    for (let i = 0; i < 3; i++) {
      await submitCredentials(page, stranger, `Wrong${i}Password`);
      await expect(page.getByRole('alert').filter({ hasText: MSG.loginFailed(MSG.badCredentials) })).toBeVisible();
    }
    const captcha = page.getByRole('checkbox', { name: "I'm not a robot" });
    await expect(captcha).toBeVisible();
    await expectNoA11yViolations(page);

    await submitCredentials(page, DEMO.family.username, DEMO.family.password);
    await expect(page.getByText(MSG.captchaRequired)).toBeVisible();

    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectSignedIn(page, 'Jordan Rivers');
  });
});
