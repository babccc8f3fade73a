/** Helpers that turn a dynamic import into a route's `lazy`, so every screen is its own chunk. */
import type { ComponentType } from 'react';

export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** A screen that takes props from its route (one component for several addresses), as its own chunk. */
export function lazyPageWith<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, props: P) {
  return async () => {
    const Page = (await load()).default;
    // Keyed by its props: two addresses of one screen never share its state.
    return { element: <Page key={JSON.stringify(props)} {...props} /> };
  };
}

/** A screen of a later feature: an in-shell page saying it is not available yet. */
export function comingSoon(title: string) {
  return async () => {
    const { ComingSoonPage } = await import('../../features/coming-soon/routes/ComingSoonPage');
    return { element: <ComingSoonPage title={title} /> };
  };
}
