/**
 * Where recently served pages of a large list began, so that a deep page is read from there (a keyset
 * seek in the sort's index) instead of skipping every row before it (OFFSET reads them all: 25,000
 * index entries for page 1,000 of 25). The lists' API stays page-numbered (000 §7: page, count);
 * this only changes how a page far down is found. After serving page P, a list remembers where P
 * began (its first row's sort key, inclusive) and where P + 1 begins (after its last row's key), for
 * `ttlMs` per account and list view (filters, search, sort, page size). A page at or a few pages past
 * a remembered one is read from it; any other is read with OFFSET, and remembered in turn.
 * Rows inserted or removed before a remembered point meanwhile shift OFFSET pages but not seeks: a page
 * may differ from an exact OFFSET by those rows for at most `ttlMs`, as the list's kept total may
 * (lib/lists/count-cache.ts); `forget(accountId)` drops an account's points at once (a change this
 * process made), and consecutive pages read this way never overlap or skip a row.
 */
export type SortKey = readonly (string | number)[];

/** A page's start: at `key` (inclusive) or just after it. */
export type PageAnchor = { page: number; key: SortKey; inclusive: boolean };

export type PageAnchors = {
  /** The nearest remembered start at or before `page`, at most `maxPagesBefore` pages before it. */
  find(accountId: number, view: string, page: number, maxPagesBefore: number): PageAnchor | undefined;
  /** Remembers where `page` began and where the next one begins. */
  remember(accountId: number, view: string, page: number, first: SortKey, last: SortKey): void;
  forget(accountId: number): void;
  /**
   * Reads a deep page that no start is remembered for once for every request that asks for it
   * meanwhile: without it, the requests that came while the first was skipping rows each skipped them
   * too (the slowest 1 % of page 1,000's requests once its start was forgotten, in bench:devices).
   */
  readOnce<T>(accountId: number, view: string, page: number, read: () => Promise<T>): Promise<T>;
};

type Kept = { key: SortKey; inclusive: boolean; until: number };

export function createPageAnchors(o: {
  ttlMs: number;
  maxViews?: number;
  maxPagesPerView?: number;
  now?: () => number;
}): PageAnchors {
  const now = o.now ?? Date.now;
  const maxViews = o.maxViews ?? 1_000;
  const maxPages = o.maxPagesPerView ?? 64;
  const views = new Map<string, Map<number, Kept>>();
  const reading = new Map<string, Promise<unknown>>();
  const id = (accountId: number, view: string) => `${accountId}\u0000${view}`;

  function keep(pages: Map<number, Kept>, page: number, kept: Kept): void {
    pages.delete(page);
    if (pages.size >= maxPages) pages.delete(pages.keys().next().value as number);
    pages.set(page, kept);
  }

  return {
    find(accountId, view, page, maxPagesBefore) {
      const pages = views.get(id(accountId, view));
      if (!pages) return undefined;
      const t = now();
      for (let p = page; p >= Math.max(1, page - maxPagesBefore); p--) {
        const kept = pages.get(p);
        if (!kept) continue;
        if (kept.until > t) return { page: p, key: kept.key, inclusive: kept.inclusive };
        pages.delete(p);
      }
      return undefined;
    },
    remember(accountId, view, page, first, last) {
      const k = id(accountId, view);
      let pages = views.get(k);
      if (!pages) {
        if (views.size >= maxViews) views.delete(views.keys().next().value as string);
        pages = new Map();
        views.set(k, pages);
      }
      const until = now() + o.ttlMs;
      keep(pages, page, { key: first, inclusive: true, until });
      keep(pages, page + 1, { key: last, inclusive: false, until });
    },
    forget(accountId) {
      const prefix = `${accountId}\u0000`;
      for (const k of views.keys()) if (k.startsWith(prefix)) views.delete(k);
    },
    readOnce<T>(accountId: number, view: string, page: number, read: () => Promise<T>): Promise<T> {
      const k = `${id(accountId, view)}\u0000${page}`;
      const running = reading.get(k) as Promise<T> | undefined;
      if (running) return running;
      const p = read().finally(() => reading.delete(k));
      reading.set(k, p);
      return p;
    },
  };
}
