/**
 * Feedback (002 §2.14, §5, §7, §8): prefill, every validation message, the acknowledge rule,
 * attachments (limits checked before sending, the server's refusal as a toast), and sends with 0 and
 * 2 attachments that reach the support outbox. The server allows 5 feedbacks per user in 10 minutes:
 * the sends are spread over two users.
 */
import { FEEDBACK_MAX_FILE_BYTES, FEEDBACK_MAX_FILES, MSG } from '@wayguard/contracts';
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, latestMailTo, test } from '../fixtures';
import { rail, registrationInfo } from '../shell-helpers';
import {
  STAFF,
  SUPPORT_EMAIL,
  countFeedbackPosts,
  pngFile,
  textFile,
  type UploadFile,
  signInToShell,
} from './support-helpers';

const form = (page: Page) => ({
  name: page.getByRole('textbox', { name: 'Name' }),
  email: page.getByRole('textbox', { name: 'Email' }),
  subject: page.getByRole('textbox', { name: 'Subject' }),
  feedback: page.getByRole('textbox', { name: 'Feedback' }),
  acknowledge: page.getByRole('checkbox'),
  send: page.getByRole('button', { name: 'Send' }),
  attachments: page.getByRole('list', { name: 'Attached files' }).getByRole('listitem'),
  attachmentErrors: page.getByTestId('attachment-errors'),
});

async function openFeedback(page: Page, user: { username: string; password: string }) {
  await signInToShell(page, user);
  await rail(page).getByRole('button', { name: 'Support' }).click();
  await rail(page).getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL('/support/feedback');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  // Leave the rail: a hovered rail entry is not what the scans are about.
  await page.mouse.move(600, 5);
}

async function attach(page: Page, files: UploadFile[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add files' }).click();
  await (await chooser).setFiles(files);
}

/** Sets a field's value and leaves it, so that its message (if any) shows. */
async function enter(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

async function expectFieldError(field: Locator, message: string | null) {
  if (message === null) await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  else {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(message);
  }
}

test.describe('feedback', () => {
  test('prefills name and e-mail, states the limits, and passes the scan', async ({ page }) => {
    await openFeedback(page, STAFF.olivia);
    const info = await registrationInfo(page);
    const f = form(page);
    await expect(page).toHaveTitle('Wayguard | Feedback');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Support');
    await expect(f.name).toHaveValue(info.user_full_name);
    await expect(f.email).toHaveValue(info.user_email);
    await expect(f.subject).toHaveValue('');
    await expect(f.feedback).toHaveValue('');
    await expect(f.acknowledge).not.toBeChecked();
    await expect(f.send).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Attachments' })).toContainText(
      `Up to ${FEEDBACK_MAX_FILES} files, ${FEEDBACK_MAX_FILE_BYTES / 1024 / 1024} MB each`,
    );
    await expectNoA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expectNoA11yViolations(page);
  });

  test('shows every validation message', async ({ page }) => {
    await openFeedback(page, STAFF.olivia);
    const f = form(page);

    await enter(f.name, '');
    await expectFieldError(f.name, MSG.nameRequired);
    await enter(f.name, 'Olivia');
    await expectFieldError(f.name, null);

    await enter(f.email, '');
    await expectFieldError(f.email, MSG.emailRequired);
    await enter(f.email, 'not-an-address');
    await expectFieldError(f.email, MSG.emailInvalid);
    await enter(f.email, `${'a'.repeat(21)}@school.example`); // 36 characters, over the limit of 32
    await expectFieldError(f.email, MSG.emailInvalid);
    await enter(f.email, 'olivia@school.example');
    await expectFieldError(f.email, null);

    await enter(f.subject, '');
    await expectFieldError(f.subject, MSG.subjectRequired);
    await enter(f.subject, 'ab');
    await expectFieldError(f.subject, MSG.atLeast3);
    await enter(f.subject, 'abc');
    await expectFieldError(f.subject, null);

    await enter(f.feedback, '');
    await expectFieldError(f.feedback, MSG.feedbackRequired);
    await enter(f.feedback, ' ab ');
    await expectFieldError(f.feedback, MSG.atLeast3);
    await enter(f.feedback, 'Works well.');
    await expectFieldError(f.feedback, null);
    await expectNoA11yViolations(page);
  });

  test('Send needs the acknowledge box ticked and a valid form', async ({ page }) => {
    await openFeedback(page, STAFF.olivia);
    const f = form(page);
    await enter(f.subject, 'Dashboard');
    await enter(f.feedback, 'The tiles are clear.');
    await expect(f.send).toBeDisabled();
    await expect(f.send).toHaveAccessibleDescription('Fill in every field and tick the box above to send.');

    await f.acknowledge.check();
    await expect(f.send).toBeEnabled();

    await enter(f.subject, 'ab');
    await expect(f.send).toBeDisabled();
    await enter(f.subject, 'Dashboard tiles');
    await expect(f.send).toBeEnabled();

    await f.acknowledge.uncheck();
    await expect(f.send).toBeDisabled();
  });

  test('attachments: listed with remove buttons; duplicates, too many and oversized files are refused before sending', async ({
    page,
  }) => {
    await openFeedback(page, STAFF.olivia);
    const posts = countFeedbackPosts(page);
    const f = form(page);

    await attach(page, [pngFile('screen.png'), textFile('console.log')]);
    await expect(f.attachments).toHaveCount(2);
    await expect(f.attachments.nth(0)).toContainText('screen.png');
    await expect(f.attachments.nth(1)).toContainText('console.log');
    await expect(page.getByRole('button', { name: 'Remove screen.png' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove console.log' })).toBeVisible();

    await attach(page, [pngFile('screen.png', 300)]);
    await expect(f.attachmentErrors).toHaveText(MSG.duplicateFile('screen.png'));
    await expect(f.attachments).toHaveCount(2);

    await page.getByRole('button', { name: 'Remove screen.png' }).click();
    await expect(f.attachments).toHaveCount(1);
    await expect(f.attachmentErrors).toHaveText('');
    // A removed file can be added again.
    await attach(page, [pngFile('screen.png')]);
    await expect(f.attachments).toHaveCount(2);

    const oversized = textFile('huge.txt', FEEDBACK_MAX_FILE_BYTES + 1);
    await attach(page, [oversized]);
    await expect(f.attachmentErrors).toHaveText(MSG.fileTooLarge('huge.txt', FEEDBACK_MAX_FILE_BYTES / 1024 / 1024));
    await expect(f.attachments).toHaveCount(2);

    const more = Array.from({ length: FEEDBACK_MAX_FILES }, (_, i) => textFile(`extra-${i + 1}.txt`));
    await attach(page, more);
    await expect(f.attachments).toHaveCount(FEEDBACK_MAX_FILES);
    await expect(f.attachmentErrors).toHaveText(MSG.tooManyFiles(FEEDBACK_MAX_FILES));
    await expect(f.attachments.last()).toContainText(`extra-${FEEDBACK_MAX_FILES - 2}.txt`);

    await expectNoA11yViolations(page);
    expect(posts()).toBe(0);
  });

  test('a file the server refuses by its bytes gives its error toast; the form keeps its content', async ({ page }) => {
    await openFeedback(page, STAFF.olivia);
    const f = form(page);
    await enter(f.subject, 'Refused attachment');
    await enter(f.feedback, 'This picture is really text.');
    await attach(page, [{ ...textFile('picture.png'), mimeType: 'image/png' }]);
    await expect(f.attachments).toHaveCount(1);
    await f.acknowledge.check();

    const answer = page.waitForResponse((r) => r.url().endsWith('/feedback/create'));
    await f.send.click();
    expect((await answer).status()).toBe(400);
    await expect(page.getByRole('alert').filter({ hasText: MSG.fileTypeNotAllowed('picture.png') })).toBeVisible();
    await expect(f.subject).toHaveValue('Refused attachment');
    await expect(f.attachments).toHaveCount(1);
    await expect(f.acknowledge).toBeChecked();
  });

  test('an answer of success false shows its message and keeps the form; an empty success message has a text', async ({
    page,
  }) => {
    await openFeedback(page, STAFF.olivia);
    const f = form(page);
    let answer = { success: false, message: 'Feedback is paused for maintenance' };
    await page.route('**/feedback/create', (route) => route.fulfill({ json: answer }));
    await enter(f.subject, 'Answer texts');
    await enter(f.feedback, 'Checking the answers.');
    await f.acknowledge.check();
    await f.send.click();
    await expect(page.getByRole('alert').filter({ hasText: answer.message })).toBeVisible();
    await expect(f.subject).toHaveValue('Answer texts');
    await expect(f.acknowledge).toBeChecked();

    answer = { success: true, message: '' };
    await f.send.click();
    await expect(page.getByRole('alert').filter({ hasText: MSG.feedbackSent })).toBeVisible();
    await expect(f.subject).toHaveValue('');
  });

  test('sends without attachments: the server message as a toast, the form resets, the mail reaches support', async ({
    page,
  }) => {
    await openFeedback(page, STAFF.olivia);
    const info = await registrationInfo(page);
    const f = form(page);
    const subject = `No attachments ${Date.now()}`;
    await enter(f.subject, subject);
    await enter(f.feedback, 'The new console is quick.\nThank you.');
    await f.acknowledge.check();

    const request = page.waitForRequest((r) => r.url().endsWith('/feedback/create'));
    await f.send.click();
    const sent = await request;
    const headers = await sent.allHeaders();
    expect(headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(headers['x-csrf-token']).toBeTruthy();
    const body = sent.postData() ?? '';
    for (const name of ['feedback_name', 'feedback_email', 'feedback_summary', 'feedback_notes'])
      expect(body, name).toContain(`name="${name}"`);

    await expect(page.getByRole('alert').filter({ hasText: MSG.feedbackSent })).toBeVisible();
    await expect(f.subject).toHaveValue('');
    await expect(f.feedback).toHaveValue('');
    await expect(f.name).toHaveValue(info.user_full_name);
    await expect(f.email).toHaveValue(info.user_email);
    await expect(f.acknowledge).not.toBeChecked();
    await expect(f.send).toBeDisabled();
    await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeFocused();

    const mail = await latestMailTo(page, SUPPORT_EMAIL);
    expect(mail.subject).toMatch(new RegExp(`^Feedback #\\d+: ${subject}$`));
    expect(mail.text).toContain(`Name: ${info.user_full_name}`);
    expect(mail.text).toContain(`E-mail: ${info.user_email}`);
    expect(mail.text).toContain('Feedback:\nThe new console is quick.\nThank you.\n');
    expect(mail.text).toContain('Attachments: none');
  });

  test('sends two attachments as multipart with upload progress; the mail names them', async ({ page }) => {
    test.setTimeout(150_000);
    await openFeedback(page, STAFF.peter);
    const info = await registrationInfo(page);
    const f = form(page);
    const subject = `Two attachments ${Date.now()}`;
    await enter(f.subject, subject);
    await enter(f.feedback, 'Screenshot and log attached.');
    await attach(page, [pngFile('dashboard.png', 1_200_000), textFile('browser.log', 1_200_000)]);
    await expect(f.attachments).toHaveCount(2);
    await f.acknowledge.check();

    // A slow uplink (about 150 KB/s, so some 16 s for the 2.4 MB) keeps the progress on screen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: 10_000_000,
      uploadThroughput: 150_000,
    });
    // Every value the progress bar takes, recorded in the page.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const v = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
        if (v !== null && v !== undefined) seen.push(Number(v));
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const request = page.waitForRequest((r) => r.url().endsWith('/feedback/create'));
    await f.send.click();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect(page.getByTestId('upload-progress')).toContainText(/Sending… \d+%/);
    await expect(f.send).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove dashboard.png' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Add files' })).toBeDisabled();
    await request;
    await expect(page.getByRole('alert').filter({ hasText: MSG.feedbackSent })).toBeVisible({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(
      seen.some((v) => v > 0 && v < 100),
      `progress values ${seen.join(',')}`,
    ).toBe(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(progress).toHaveCount(0);
    await expect(f.attachments).toHaveCount(0);
    await expect(f.subject).toHaveValue('');

    const mail = await latestMailTo(page, SUPPORT_EMAIL);
    expect(mail.subject).toMatch(new RegExp(`^Feedback #\\d+: ${subject}$`));
    expect(mail.text).toContain(`Name: ${info.user_full_name}`);
    expect(mail.text).toContain('Attachments (2)');
    expect(mail.text).toMatch(/- dashboard\.png \(image\/png, \d+ KB\)/);
    expect(mail.text).toMatch(/- browser\.log \(text\/plain, \d+ KB\)/);
  });
});
