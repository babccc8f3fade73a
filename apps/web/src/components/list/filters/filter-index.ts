/**
 * filterIndex: which of a list's filter tabs (or saved filters) is chosen, by its index, kept in the
 * address parameter filterIndex and, like every list parameter, in the list's saved view (001 §9).
 * An index outside the tabs reads as the initial one. What a tab means to the list call is the
 * declaration's `toApi` (nothing by default). The UI piece is FilterTabs.
 */
import type { ApiValue, FilterKind } from './filter-kind';

export const FILTER_INDEX_PARAM = 'filterIndex';

type Options<P extends string> = {
  /** How many tabs there are (indexes 0 to count - 1). */
  count: number;
  initial?: number;
  apiParams?: readonly P[];
  toApi?: (index: number) => Partial<Record<P, ApiValue>>;
};

export function filterIndexFilter<P extends string = never>({
  count,
  initial = 0,
  apiParams = [],
  toApi = () => ({}),
}: Options<P>): FilterKind<number, P> {
  return {
    params: [FILTER_INDEX_PARAM],
    apiParams,
    initial,
    read: (address) => {
      const raw = address.get(FILTER_INDEX_PARAM);
      const n = Number(raw);
      return raw !== null && /^\d+$/.test(raw) && n < count ? n : initial;
    },
    // Always in the address, like page and count: 001 §9 keeps it there.
    write: (address, index) => address.set(FILTER_INDEX_PARAM, String(index)),
    toApi,
    // A tab is a view of the list rather than a narrowing the user must remember to clear.
    applied: () => 0,
  };
}
