/**
 * Shared e2e fixtures. Every test gets its own client address (X-Forwarded-For; the e2e server trusts
 * the proxy header) so per-IP failure counters and rate limits of one test never leak into another.
 */
import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const test = base.extend({
  context: async ({ context }, use) => {
    const ip = `10.${rand()}.${rand()}.${rand()}`;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
    await use(context);
  },
});
export { expect };

function rand(): number {
  return Math.floor(Math.random() * 254) + 1;
}

/** Waits for the page's running transitions and animations (not endless ones) to end. */
async function settled(page: Page): Promise<void> {
  // Two frames first: a transition that a click has just asked for starts at the next frame.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/**
 * WCAG 2.2 AA scan of the current page; fails with the list of violations. Waits first for the page's
 * transitions (a dialog fading in, a button changing colour) to end: axe reads the colours of the
 * moment, and a half-faded button is not what a user is left looking at. A scan during which something
 * started to move (a toast closing on its timer) is not trusted when it finds violations: the page
 * settles and is scanned again, up to three times; what is still wrong then fails.
 */
export async function expectNoA11yViolations(page: Page): Promise<void> {
  let found: string[] = [];
  for (let scan = 1; scan <= 3; scan++) {
    await settled(page);
    await page.evaluate(() => {
      const w = window as unknown as { __axeMoved?: boolean; __axeStop?: () => void };
      w.__axeMoved = false;
      const moved = () => (w.__axeMoved = true);
      document.addEventListener('transitionstart', moved, true);
      document.addEventListener('animationstart', moved, true);
      w.__axeStop = () => {
        document.removeEventListener('transitionstart', moved, true);
        document.removeEventListener('animationstart', moved, true);
      };
    });
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    found = results.violations.map(
      (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
    );
    const moved = await page.evaluate(() => {
      const w = window as unknown as { __axeMoved?: boolean; __axeStop?: () => void };
      w.__axeStop?.();
      const running = document
        .getAnimations()
        .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      return w.__axeMoved === true || running;
    });
    if (found.length === 0 || !moved) break;
  }
  expect(found).toEqual([]);
}

/** Reads the demo outbox (DEMO_OUTBOX=true) for the newest mail to an address. */
export async function latestMailTo(page: Page, to: string): Promise<{ subject: string; text: string }> {
  const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBeTruthy();
  const body = (await res.json()) as { messages: { subject: string; text: string }[] };
  const m = body.messages[0];
  if (!m) throw new Error(`no mail to ${to}`);
  return m;
}
