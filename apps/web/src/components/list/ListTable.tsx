/**
 * A list's table: sortable headers, 5 skeleton rows while the first page loads (001 §9), the previous
 * page dimmed (aria-busy) while the next loads, and the empty state when nothing matches. Columns say
 * how to render a row; the table knows nothing of what the rows are.
 */
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { ReactNode } from 'react';
import { Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { SortableHeader } from './SortableHeader';
import type { SortKind } from './sort-labels';
import classes from './list.module.css';

export type ListColumn<T, S extends string> = {
  key: string;
  header: string;
  /** Keeps the header for screen readers only (e.g. the row actions column). */
  hideHeader?: boolean;
  sort?: { key: S; kind: SortKind };
  /** The cell that names the row is a row header (th scope="row"). */
  rowHeader?: boolean;
  render: (row: T) => ReactNode;
};

type Props<T, S extends string> = {
  caption: string;
  columns: ListColumn<T, S>[];
  /** undefined while the first page loads. */
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** A newer page is loading; the rows shown are the previous ones. */
  busy?: boolean;
  empty: ReactNode;
  sortBy: S;
  reverse: boolean;
  /** A header was chosen (the list's chooseSort: reverse the sorted column, else its first order). */
  onSort: (sortBy: S, firstReverse: boolean) => void;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
};

const SKELETON_ROWS = 5;

export function ListTable<T, S extends string>({
  caption,
  columns,
  rows,
  rowKey,
  busy = false,
  empty,
  sortBy,
  reverse,
  onSort,
  minWidth = 900,
}: Props<T, S>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table className={classes.table} aria-busy={busy || rows === undefined} verticalSpacing="sm" highlightOnHover>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              c.sort ? (
                <SortableHeader
                  key={c.key}
                  label={c.header}
                  sortKey={c.sort.key}
                  kind={c.sort.kind}
                  sortBy={sortBy}
                  reverse={reverse}
                  onSort={onSort}
                />
              ) : (
                <Table.Th key={c.key}>{c.hideHeader ? <VisuallyHidden>{c.header}</VisuallyHidden> : c.header}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? (
            Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <Table.Tr key={i} aria-hidden="true">
                {columns.map((c) => (
                  <Table.Td key={c.key}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) =>
                  c.rowHeader ? (
                    <Table.Th key={c.key} scope="row" fw={400}>
                      {c.render(row)}
                    </Table.Th>
                  ) : (
                    <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                  ),
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
