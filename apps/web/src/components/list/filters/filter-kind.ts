/**
 * What every filter kind of a list is (flags, one-of choice, grouped multi-choice, date range,
 * filterIndex): a declaration of how its value lives in the address, what it sends the list call, and
 * how many filters it counts as applied. Pure: the list controller (use-list-controller.ts) binds it.
 *
 * In the address a filter writes its parameters only when its value differs from its initial one, so
 * a fresh list has a short address; a missing or invalid parameter reads as the initial value, so a
 * hand-edited address never breaks the list.
 */

/** A value the list call takes in its query string. */
export type ApiValue = string | number;

// Method syntax on purpose: it lets a FilterKind<Record<'a', boolean>> stand where a
// FilterKind<unknown> is asked for (a list's filters of different kinds in one record).
export type FilterKind<V, P extends string = string> = {
  /** The address parameters the filter owns (removed and rewritten together). */
  readonly params: readonly string[];
  /** The names the filter may send the list call: the list's definition checks them against its contract. */
  readonly apiParams: readonly P[];
  /** The value of a fresh list, and what Clear returns to. */
  readonly initial: V;
  read(address: URLSearchParams): V;
  /** Sets the filter's parameters on an address that holds none of them. */
  write(address: URLSearchParams, value: V): void;
  toApi(value: V): Partial<Record<P, ApiValue>>;
  /** How many filters the value counts as applied (the filter button's number). */
  applied(value: V): number;
};

/** Any filter kind, as a list's definition holds them. */
export type AnyFilter = FilterKind<unknown, string>;

/** The values of a list's filters, by the names the definition gives them. */
export type FilterValues<Fs extends Record<string, AnyFilter>> = {
  [K in keyof Fs]: Fs[K]['initial'];
};

export function initialFilterValues<Fs extends Record<string, AnyFilter>>(filters: Fs): FilterValues<Fs> {
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(filters)) values[name] = f.initial;
  return values as FilterValues<Fs>;
}

export function readFilterValues<Fs extends Record<string, AnyFilter>>(
  filters: Fs,
  address: URLSearchParams,
): FilterValues<Fs> {
  const values: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(filters)) values[name] = f.read(address);
  return values as FilterValues<Fs>;
}

/** The number in a filter button's label: the sum of what each filter counts as applied. */
export function appliedCount<Fs extends Record<string, AnyFilter>>(filters: Fs, values: FilterValues<Fs>): number {
  let n = 0;
  for (const [name, f] of Object.entries(filters)) n += f.applied(values[name as keyof Fs]);
  return n;
}
