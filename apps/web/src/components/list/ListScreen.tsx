/**
 * The frame of a list page (README.md): the title with its subtitle and the page's actions, the
 * toolbar (search on one side; the list's filters and export on the other), what the page shows above
 * the table, the table or the load error with Try again, the pager, and the page's dialogs. A page
 * gives its texts, its filters and its table; the list controller gives everything else.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { ExportButton } from './ExportButton';
import { ListLoadError } from './ListLoadError';
import { ListPager } from './ListPager';
import { SearchBox } from './SearchBox';

/** The part of a list controller (useListController) the frame reads. */
export type ListScreenController = Parameters<typeof ListPager>[0]['list'] & {
  state: { query: string; sortBy: unknown; reverse: boolean };
  error: unknown;
  busy: boolean;
  retry: () => void;
  setQuery: (query: string) => void;
  chooseSort: (...args: never[]) => void;
  exportList: Parameters<typeof ExportButton>[0]['onExport'];
};

/** What a list page's table is given: the list's rows and sort. */
export type ListTableProps<L extends ListScreenController> = {
  rows: L['rows'];
  busy: boolean;
  sortBy: L['state']['sortBy'];
  reverse: boolean;
  onSort: L['chooseSort'];
};

type Props<L extends ListScreenController> = {
  list: L;
  title: string;
  /** The heading's level: 1 for a page, 2 for a list under a node's own heading. */
  titleOrder?: 1 | 2;
  subtitle?: ReactNode;
  /** Beside the title: the page's own action ('Create User') or links. */
  actions?: ReactNode;
  /** The search's placeholder and label ('Search users...', 'Search users'). */
  search: { placeholder: string; label: string };
  /** The list's filters (and order), before the export. */
  toolbar?: ReactNode;
  /** The export button's progress text. */
  exportProgress: string;
  /** What the page shows between its title and the toolbar (a tool the page puts first). */
  first?: ReactNode;
  /** What the page shows between the toolbar and the table (a batch action). */
  above?: ReactNode;
  /** The load error's title; none: the page handles a load error itself (e.g. leaves the page). */
  errorTitle?: string;
  table: (props: ListTableProps<L>) => ReactNode;
  /** Names the pager ('Users pages'). */
  pagerLabel: string;
  /** The page's dialogs. */
  children?: ReactNode;
};

export function ListScreen<L extends ListScreenController>(p: Props<L>) {
  const { list } = p;
  const heading = <Title order={p.titleOrder ?? 1}>{p.title}</Title>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        {p.subtitle ? (
          <div>
            {heading}
            <Text c="dimmed" size="sm">
              {p.subtitle}
            </Text>
          </div>
        ) : (
          heading
        )}
        {p.actions}
      </Group>

      {p.first}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox value={list.state.query} onSearch={list.setQuery} {...p.search} />
        <Group gap="sm" wrap="wrap">
          {p.toolbar}
          <ExportButton onExport={list.exportList} progressText={p.exportProgress} />
        </Group>
      </Group>

      {p.above}

      {list.error && p.errorTitle ? (
        <ListLoadError title={p.errorTitle} onRetry={list.retry} />
      ) : (
        p.table({
          rows: list.rows,
          busy: list.busy,
          sortBy: list.state.sortBy,
          reverse: list.state.reverse,
          onSort: list.chooseSort,
        })
      )}

      <ListPager list={list} label={p.pagerLabel} />
      {p.children}
    </Stack>
  );
}
