/** What a route tells the shell about itself: its breadcrumb (000 §2.2, derived from the route). */
import type { Params } from 'react-router';

export type Crumb = { label: string; to?: string };

export type RouteHandle = {
  /** This route's own crumb; it links to the route's path unless it is the current page. */
  crumb?: string | ((params: Params) => string);
  /** Crumbs shown before this route's own (levels that are not routes of their own). */
  parents?: Crumb[];
};

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && ('crumb' in value || 'parents' in value);
}
