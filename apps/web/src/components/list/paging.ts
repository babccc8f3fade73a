/**
 * Paging arithmetic of a list (000 §2.7; 001 §9): the pager's range text, how many pages there are
 * (one more than the page when the total is unknown, -1, and the page is full), and where a page past
 * the end goes. Pure; the pager and the list controller use them.
 */
/** 'from–to of count items', or '… of more than {to} items' when the count is -1. */
export function rangeText(page: number, count: number, total: number, rowsOnPage: number): string {
  const from = (page - 1) * count + 1;
  const to = from + rowsOnPage - 1;
  return total < 0 ? `${from}–${to} of more than ${to} items` : `${from}–${to} of ${total} items`;
}

export function pageCount(page: number, count: number, total: number, rowsOnPage: number): number {
  if (total < 0) return rowsOnPage >= count ? page + 1 : page;
  return Math.max(1, Math.ceil(total / count));
}

/**
 * The page to move to when the page asked for lies past the end (rows deleted, an old link): the last
 * page there is, once the answer for the page asked for is in and is empty; else null (stay).
 */
export function pageAfterEnd(page: number, count: number, total: number, rowsOnPage: number): number | null {
  if (rowsOnPage > 0 || total <= 0) return null;
  const last = pageCount(page, count, total, rowsOnPage);
  return page > last ? last : null;
}
