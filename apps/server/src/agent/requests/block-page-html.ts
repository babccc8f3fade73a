/**
 * The block page's HTML: one small page a child can read, with no script (the page works with the
 * keyboard and a screen reader as plain HTML does), every text escaped, colours with AA contrast and a
 * visible focus ring. The texts come from contracts BLOCK_PAGE_MSG.
 */
import { BLOCK_PAGE_MSG, PRODUCT_NAME, type AgentRequestStatus } from '@wayguard/contracts';
import type { BlockPageView } from './block-page.js';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font: 18px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; background: #f1f3f5; }
  main { max-width: 38rem; margin: 2rem auto; padding: 2rem; background: #fff; border-radius: 12px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 1.6rem; margin: 0 0 1rem; }
  h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
  .brand { font-weight: 700; color: #1864ab; margin: 0 0 1rem; }
  .address { word-break: break-all; font-family: ui-monospace, monospace; background: #f1f3f5; padding: .25rem .5rem; border-radius: 4px; }
  .status { border-left: 4px solid #1864ab; background: #e7f5ff; padding: .75rem 1rem; margin: 1rem 0; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  textarea { width: 100%; box-sizing: border-box; font: inherit; padding: .5rem; border: 1px solid #495057; border-radius: 6px; }
  button, .button { display: inline-block; margin-top: 1rem; font: inherit; font-weight: 600; color: #fff; background: #1864ab; border: 0; border-radius: 6px; padding: .6rem 1.2rem; cursor: pointer; text-decoration: none; }
  button:hover, .button:hover { background: #0b4a85; }
  :focus-visible { outline: 3px solid #f08c00; outline-offset: 2px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">${PRODUCT_NAME}</p>
${body}
</main>
</body>
</html>`;
}

/** The page for a view; `asked` is what became of an ask just sent from it. */
export function renderBlockPage(
  view: BlockPageView,
  o: { ticket: string; askPath: string; asked?: AgentRequestStatus | undefined },
): string {
  if (view.state === 'expired')
    return page(BLOCK_PAGE_MSG.titleExpired, `<h1>${BLOCK_PAGE_MSG.titleExpired}</h1><p>${BLOCK_PAGE_MSG.expired}</p>`);
  const address = `<p>${BLOCK_PAGE_MSG.address}:</p><p class="address">${escapeHtml(view.url)}</p>`;
  const status = o.asked ? `<p class="status" role="status">${escapeHtml(BLOCK_PAGE_MSG.asked[o.asked])}</p>` : '';
  if (view.state === 'allowed') {
    const href = /^https?:\/\//i.test(view.url) ? view.url : `https://${view.url}`;
    return page(
      BLOCK_PAGE_MSG.titleAllowed,
      `<h1>${BLOCK_PAGE_MSG.titleAllowed}</h1>${status}${address}<p>${BLOCK_PAGE_MSG.allowedNow}</p>
<p><a class="button" href="${escapeHtml(href)}">${BLOCK_PAGE_MSG.openIt}</a></p>`,
    );
  }
  const why = `<h2>${BLOCK_PAGE_MSG.why}</h2><p>${escapeHtml(view.reason)}</p>`;
  const ask =
    o.asked && o.asked !== 'not_blocked'
      ? ''
      : view.cannotAsk
        ? `<h2>${BLOCK_PAGE_MSG.askTitle}</h2><p>${escapeHtml(view.cannotAsk)}</p>`
        : `<h2>${BLOCK_PAGE_MSG.askTitle}</h2><p>${BLOCK_PAGE_MSG.askHelp}</p>
<form method="post" action="${escapeHtml(o.askPath)}">
<input type="hidden" name="t" value="${escapeHtml(o.ticket)}">
<label for="notes">${BLOCK_PAGE_MSG.notesLabel}</label>
<textarea id="notes" name="notes" rows="4" maxlength="500"></textarea>
<button type="submit">${BLOCK_PAGE_MSG.askButton}</button>
</form>`;
  return page(BLOCK_PAGE_MSG.title, `<h1>${BLOCK_PAGE_MSG.title}</h1>${status}${address}${why}${ask}`);
}
