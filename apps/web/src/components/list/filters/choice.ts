/**
 * One-of choice: exactly one option applies, e.g. the devices list's billed options (000 §9: all
 * billed, registered not billed, billed not registered) or a web access list's access filter (002
 * §2.4: allowed, blocked, scheduled, not-scheduled; 'Filter' / 'Filter applied'). The address holds
 * the option's key under the filter's parameter when it is not the initial option; an unknown key
 * reads as the initial one. The UI piece is ChoiceMenu.
 */
import type { ApiValue, FilterKind } from './filter-kind';

type Sending<O extends string, P extends string> =
  /** The call takes the chosen option's key under this name (nothing while no option is chosen). */
  | { apiParam: P; apiParams?: never; toApi?: never }
  /** The call takes the choice in its own shape, e.g. a flag per option. */
  | { apiParam?: never; apiParams: readonly P[]; toApi: (option: O | null) => Partial<Record<P, ApiValue>> };

type Options<O extends string, P extends string> = {
  /** The address parameter. */
  param: string;
  options: readonly O[];
  /** The option of a fresh list; null when no option applies until one is chosen. */
  initial: NoInfer<O> | null;
} & Sending<O, P>;

export function choiceFilter<O extends string, P extends string>(opts: Options<O, P>): FilterKind<O | null, P> {
  const { param, options, initial, apiParam } = opts;
  const known = new Set<string>(options);
  // Either branch of Sending, read as one shape: apiParam set means the default sending.
  const custom: { apiParams?: readonly P[]; toApi?: (option: O | null) => Partial<Record<P, ApiValue>> } = opts;
  return {
    params: [param],
    apiParams: apiParam !== undefined ? [apiParam] : (custom.apiParams ?? []),
    initial,
    read: (address) => {
      const v = address.get(param);
      return v !== null && known.has(v) ? (v as O) : initial;
    },
    write: (address, option) => {
      if (option !== initial && option !== null) address.set(param, option);
    },
    toApi: (option) => {
      const sent: Partial<Record<P, ApiValue>> = {};
      if (apiParam === undefined) return custom.toApi?.(option) ?? sent;
      if (option !== null) sent[apiParam] = option;
      return sent;
    },
    applied: (option) => (option !== initial ? 1 : 0),
  };
}
