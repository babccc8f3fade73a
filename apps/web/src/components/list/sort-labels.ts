/**
 * The spec's sort labels (000 §2.7, 001 §9): text sorts A-Z / Z-A, numbers 0-9 / 9-0, dates Oldest
 * first / Newest first. "Reverse" is the list call's reverse_order.
 */
export type SortKind = 'text' | 'number' | 'date';

const LABELS: Record<SortKind, [ascending: string, reversed: string]> = {
  text: ['A-Z', 'Z-A'],
  number: ['0-9', '9-0'],
  date: ['Oldest first', 'Newest first'],
};

export function sortLabel(kind: SortKind, reverse: boolean): string {
  return LABELS[kind][reverse ? 1 : 0];
}

/** The order a column takes when it is first chosen: dates newest first, the rest ascending. */
export function firstReverse(kind: SortKind): boolean {
  return kind === 'date';
}
