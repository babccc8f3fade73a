/**
 * A list's table: sortable headers, 5 skeleton rows while the first page loads (001 §9), the previous
 * page dimmed (aria-busy) while the next loads, and the empty state when nothing matches. Columns say
 * how to render a row; the table knows nothing of what the rows are.
 *
 * Optionally (001 §2.4–§2.5, 002 §2.5) rows expand into an accordion (a real button with aria-expanded
 * and aria-controls opens a full-width row below) and rows can be chosen (a checkbox per row and one
 * for the page, indeterminate when only some rows are chosen; the controller's selection). Each row
 * carries its key (data-row-key): keyboard triage finds rows by it.
 */
import { Fragment, useId, useState, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { SortableHeader } from './SortableHeader';
import type { RowKey } from './selection';
import type { SortKind } from './sort-labels';
import type { RowSelection } from './use-row-selection';
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

/** Rows that open into an accordion below them. */
export type RowExpansion<T> = {
  render: (row: T) => ReactNode;
  /** Names the row in the toggle's accessible name: 'Show details of {label}'. */
  label: (row: T) => string;
};

/** Rows that can be chosen (the list controller's `selection`). */
export type RowChoice<T> = {
  selection: RowSelection;
  /** Names the row in its checkbox's accessible name: 'Select {label}'. */
  label: (row: T) => string;
};

type Props<T, S extends string> = {
  caption: string;
  columns: ListColumn<T, S>[];
  /** undefined while the first page loads. */
  rows: T[] | undefined;
  rowKey: (row: T) => RowKey;
  /** A newer page is loading; the rows shown are the previous ones. */
  busy?: boolean;
  empty: ReactNode;
  sortBy: S;
  reverse: boolean;
  /** A header was chosen (the list's chooseSort: reverse the sorted column, else its first order). */
  onSort: (sortBy: S, firstReverse: boolean) => void;
  /** Below this width the table scrolls sideways. */
  minWidth?: number;
  expand?: RowExpansion<T>;
  select?: RowChoice<T>;
  /** A row is hovered or something in it is focused (e.g. prefetch what its accordion shows). */
  onRowHover?: (row: T) => void;
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
  expand,
  select,
  onRowHover,
}: Props<T, S>) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<RowKey>>(new Set());
  const toggleOpen = (key: RowKey) =>
    setOpen((o) => {
      const next = new Set(o);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const span = columns.length + (expand ? 1 : 0) + (select ? 1 : 0);
  const selection = select?.selection;

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table className={classes.table} aria-busy={busy || rows === undefined} verticalSpacing="sm" highlightOnHover>
        <Table.Caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all rows on this page"
                  checked={selection.header === 'all'}
                  indeterminate={selection.header === 'some'}
                  disabled={!rows?.length}
                  onChange={selection.toggleAll}
                />
              </Table.Th>
            )}
            {expand && (
              <Table.Th w={40}>
                <VisuallyHidden>Details</VisuallyHidden>
              </Table.Th>
            )}
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
                {Array.from({ length: span }, (_, c) => (
                  <Table.Td key={c}>
                    <Skeleton height={14} radius="sm" />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          ) : rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={span}>{empty}</Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const opened = open.has(key);
              const panelId = `${id}-details-${key}`;
              return (
                <Fragment key={key}>
                  <Table.Tr
                    data-row-key={key}
                    data-selected={selection?.isSelected(key) || undefined}
                    onMouseEnter={onRowHover && (() => onRowHover(row))}
                    onFocus={onRowHover && (() => onRowHover(row))}
                  >
                    {select && selection && (
                      <Table.Td>
                        <Checkbox
                          aria-label={`Select ${select.label(row)}`}
                          checked={selection.isSelected(key)}
                          onChange={(e) => selection.toggle(key, e.currentTarget.checked)}
                        />
                      </Table.Td>
                    )}
                    {expand && (
                      <Table.Td>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          aria-expanded={opened}
                          aria-controls={panelId}
                          aria-label={`Show details of ${expand.label(row)}`}
                          onClick={() => toggleOpen(key)}
                        >
                          {opened ? (
                            <IconChevronDown size={16} aria-hidden="true" />
                          ) : (
                            <IconChevronRight size={16} aria-hidden="true" />
                          )}
                        </ActionIcon>
                      </Table.Td>
                    )}
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
                  {expand && (
                    <Table.Tr id={panelId} hidden={!opened} className={classes.detailsRow}>
                      <Table.Td colSpan={span}>{opened && expand.render(row)}</Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
