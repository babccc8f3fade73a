/**
 * Breadcrumb labels taken from a loaded entity (e.g. a user's username instead of "User 12"). A screen
 * calls useCrumbLabel(label) once its data is in; the breadcrumb of the route that renders that screen
 * shows the label until the screen unmounts. Routes keep their handle's crumb as the fallback.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useResolvedPath } from 'react-router';

let labels: ReadonlyMap<string, string> = new Map();
const listeners = new Set<() => void>();

function update(next: Map<string, string>): void {
  labels = next;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const normalise = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Labels the crumb of the route whose element calls this (its own path), while it is mounted. */
export function useCrumbLabel(label: string | undefined): void {
  const path = normalise(useResolvedPath('.').pathname);
  useEffect(() => {
    if (!label) return;
    update(new Map(labels).set(path, label));
    return () => {
      if (labels.get(path) !== label) return;
      const next = new Map(labels);
      next.delete(path);
      update(next);
    };
  }, [path, label]);
}

/** The entity labels by route path, for the breadcrumbs. */
export function useCrumbLabels(): (pathname: string) => string | undefined {
  const current = useSyncExternalStore(subscribe, () => labels);
  return (pathname) => current.get(normalise(pathname));
}
