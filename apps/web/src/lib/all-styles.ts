/**
 * Loads all of Mantine's CSS (./mantine-styles.ts) once. Every lazy route waits for it beside its own
 * chunk (app/router/lazy-page.tsx), and so do the login page's later steps: a screen's styling never
 * depends on which screen loaded a component's stylesheet first (issue 26). The login page's first
 * step alone paints with the entry's small set (tools/bench/login-bundle.mjs) and starts this load
 * once it shows.
 */
let loading: Promise<unknown> | undefined;

export function loadAllStyles(): Promise<unknown> {
  loading ??= import('./mantine-styles').catch((error: unknown) => {
    // A failed chunk (a deploy replaced it, the network dropped) is tried again by the next caller.
    loading = undefined;
    throw error;
  });
  return loading;
}

/** `load()` once the stylesheets are there too (both fetched at the same time). */
export async function withAllStyles<T>(load: () => Promise<T>): Promise<T> {
  const [, loaded] = await Promise.all([loadAllStyles(), load()]);
  return loaded;
}
