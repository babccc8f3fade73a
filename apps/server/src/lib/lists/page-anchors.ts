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
import { Lru } from '../kept/lru.js';
import { keptNamed } from '../kept/registry.js';
import { SingleFlight } from '../kept/single-flight.js';

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
  keptNamed('page-anchors');
  const now = o.now ?? Date.now;
  const maxPages = o.maxPagesPerView ?? 64;
  const views = new Lru<string, Lru<number, Kept>>({ maxEntries: o.maxViews ?? 1_000 });
  const reading = new SingleFlight<string, unknown>();
  const id = (accountId: number, view: string) => `${accountId}\u0000${view}`;

  return {
    find(accountId, view, page, maxPagesBefore) {
      const pages = views.peek(id(accountId, view));
      if (!pages) return undefined;
      const t = now();
      for (let p = page; p >= Math.max(1, page - maxPagesBefore); p--) {
        const kept = pages.peek(p);
        if (!kept) continue;
        if (kept.until > t) return { page: p, key: kept.key, inclusive: kept.inclusive };
        pages.delete(p);
      }
      return undefined;
    },
    remember(accountId, view, page, first, last) {
      const k = id(accountId, view);
      let pages = views.peek(k);
      if (!pages) {
        pages = new Lru({ maxEntries: maxPages });
        views.set(k, pages);
      }
      const until = now() + o.ttlMs;
      pages.set(page, { key: first, inclusive: true, until });
      pages.set(page + 1, { key: last, inclusive: false, until });
    },
    forget(accountId) {
      const prefix = `${accountId}\u0000`;
      views.deleteWhere((k) => k.startsWith(prefix));
    },
    readOnce<T>(accountId: number, view: string, page: number, read: () => Promise<T>): Promise<T> {
      return reading.run(`${id(accountId, view)}\u0000${page}`, read) as Promise<T>;
    },
  };
}
