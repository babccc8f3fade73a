/**
 * A list's declaration, once: its endpoint and export endpoint with the contract's query and response
 * schemas, how to read rows and the total from the answer, its sorts and its filters. The list
 * controller (use-list-controller.ts) turns it into a screen's state, data and actions.
 *
 * The types hold it to its contract: every sort must be one of the contract's sort_by values and every
 * name a filter sends must be one of the query's parameters, so the parameters the controller builds
 * are the contract's input.
 */
import type { z } from 'zod';
import type { FilterKind } from './filters/filter-kind';
import type { ListShape } from './list-state';

/** The parameters a list's query schema takes. */
export type ParamOf<Q extends z.ZodObject> = Extract<keyof z.input<Q>, string>;
/** The contract's sort_by values. */
export type SortOf<Q extends z.ZodObject> = z.input<Q> extends { sort_by?: infer T } ? Extract<T, string> : never;

export type ListDefinition<
  Q extends z.ZodObject,
  R extends z.ZodType,
  Row,
  S extends SortOf<Q>,
  Fs extends Record<string, FilterKind<unknown, ParamOf<Q>>>,
> = ListShape<S, Fs> & {
  /** The list call, e.g. '/users' (GET, under the API base). */
  endpoint: string;
  /** The export call with the same parameters less paging, e.g. '/users/export'; none when the list has no export. */
  exportEndpoint?: string;
  /** The contract's query schema (its input types the list call's parameters). */
  query: Q;
  /** The contract's response schema (its output types the answer). */
  response: R;
  rows: (response: z.output<R>) => Row[];
  /** The number of matching rows; -1 when the server does not know ('more than'). */
  total: (response: z.output<R>) => number;
  rowKey: (row: Row) => string | number;
  /** The query's cache key prefix; ['<key>', 'list'] by default. A resource's changes invalidate by its first part. */
  queryKey?: readonly unknown[];
};

/** Declares a list (at module level: the controller needs it stable). Lets TypeScript infer every part. */
export function defineList<
  Q extends z.ZodObject,
  R extends z.ZodType,
  Row,
  S extends SortOf<Q>,
  Fs extends Record<string, FilterKind<unknown, ParamOf<Q>>>,
>(definition: ListDefinition<Q, R, Row, S, Fs>): ListDefinition<Q, R, Row, S, Fs> {
  return definition;
}

export function listQueryKey(definition: { key: string; queryKey?: readonly unknown[] }): readonly unknown[] {
  return definition.queryKey ?? [definition.key, 'list'];
}
