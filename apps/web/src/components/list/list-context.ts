/**
 * What a list screen needs from where it is shown, given once by the screen's shell: the API its
 * calls go through (the console's `api`, or the review team's `providerApi`) and who is looking (the
 * saved view is kept per signed-in user). The list kit imports no API client and no session of its
 * own, so a list of the review team's pages is declared as the console's lists are.
 */
import { createContext, useContext } from 'react';
import type { ListApiParams } from './list-state';

/** The part of an API client (lib/api-client.ts) a list uses. */
export type ListClient = {
  get: <T>(path: string, params?: ListApiParams, opts?: { signal?: AbortSignal; quiet?: boolean }) => Promise<T>;
};

export type ListEnvironment = {
  client: ListClient;
  /** The signed-in user's id: names their saved views. */
  viewer: string | number;
};

export const ListContext = createContext<ListEnvironment | null>(null);

/** The list environment of the screen; a list rendered outside a ListContext is a wiring mistake. */
export function useListEnvironment(): ListEnvironment {
  const environment = useContext(ListContext);
  if (!environment) throw new Error('A list screen is rendered outside a ListContext (its shell provides one)');
  return environment;
}
