/**
 * The categories page's panels (002 §2.3): after a search every panel is open; clearing the search
 * closes them all; in between the visitor opens and closes panels as they like.
 */
export type Panels = readonly string[] | 'all';

/** The panels after the search in effect became `query`. */
export const panelsAfterSearch = (query: string): Panels => (query.trim() ? 'all' : []);

/** The open panels among the groups on screen. */
export function openPanels(panels: Panels, groupKeys: readonly string[]): string[] {
  return panels === 'all' ? [...groupKeys] : groupKeys.filter((k) => panels.includes(k));
}
