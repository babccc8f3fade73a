/**
 * Helpers that turn a dynamic import into a route's `lazy`, so every screen is its own chunk. Each
 * waits for all of Mantine's CSS beside its chunk (lib/all-styles.ts): a screen is styled whichever
 * screen was opened first. Only the login page passes `entryStylesOnly` (its first step paints with the
 * entry's styles and loads the rest once it shows).
 */
import type { ComponentType } from 'react';
import { withAllStyles } from '../../lib/all-styles';

export function lazyPage(load: () => Promise<{ default: ComponentType }>, options: { entryStylesOnly?: true } = {}) {
  return async () => ({ Component: (await (options.entryStylesOnly ? load() : withAllStyles(load))).default });
}

/** A screen that takes props from its route (one component for several addresses), as its own chunk. */
export function lazyPageWith<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P) {
  return async () => {
    const Page = (await withAllStyles(load)).default;
    // Keyed by its props: two addresses of one screen never share its state.
    return { element: <Page key={JSON.stringify(props)} {...props} /> };
  };
}

/** A screen of a later feature: an in-shell page saying it is not available yet. */
export function comingSoon(title: string) {
  return async () => {
    const { ComingSoonPage } = await withAllStyles(() => import('../../features/coming-soon/routes/ComingSoonPage'));
    return { element: <ComingSoonPage title={title} /> };
  };
}
