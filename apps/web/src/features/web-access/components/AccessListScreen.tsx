/**
 * What a node's websites and media pages (002 §2.4, §2.5; a server user's, §2.9) share: the title and the
 * header links into the classic console, what the page puts first ("Test a website"), the toolbar (search,
 * the order, the list's filter, export), the table
 * with each row's switch, why and schedule, the pager, and the schedule editor. A list that cannot be loaded goes to the devices list or /users.
 */
import type { ReactNode } from 'react';
import { Group, Stack, Title } from '@mantine/core';
import { ExportButton, ListPager, SearchBox } from '../../../components/list';
import { useAccessTools } from '../hooks/use-access-tools';
import { useLeaveOnLoadError } from '../hooks/use-node-page';
import type { ClassicLink } from '../lib/classic-links';
import type { WebAccessNode } from '../lib/node';
import { HeaderLinks } from './HeaderLinks';
import { ReplaceRuleDialog } from './ReplaceRuleDialog';
import { ScheduleModal } from './ScheduleModal';

type Controller = Parameters<typeof ListPager>[0]['list'] & {
  state: { query: string; sortBy: unknown; reverse: boolean };
  error: unknown;
  busy: boolean;
  setQuery: (query: string) => void;
  chooseSort: (...args: never[]) => void;
  exportList: Parameters<typeof ExportButton>[0]['onExport'];
};

/** What the page's table is given: the list's rows and sort, and each row's switch and schedule tools. */
export type AccessTableProps<L extends Controller> = Pick<
  ReturnType<typeof useAccessTools>,
  'changes' | 'canChange'
> & {
  rows: L['rows'];
  busy: boolean;
  sortBy: L['state']['sortBy'];
  reverse: boolean;
  onSort: L['chooseSort'];
  onSchedule: ReturnType<typeof useAccessTools>['schedule']['open'];
};

type Props<L extends Controller> = {
  node: WebAccessNode;
  title: string;
  list: L;
  /** The header links for the classic console at `base`. */
  links: (base: string, node: WebAccessNode) => ClassicLink[];
  /** The search's placeholder and label ('Find media...', 'Find media'). */
  search: { placeholder: string; label: string };
  /** The list's filter, before the export. */
  filter: ReactNode;
  /** The list's order choice (ListOrderControl), before the filter. */
  order: ReactNode;
  exportProgress: string;
  table: (props: AccessTableProps<L>) => ReactNode;
  pagerLabel: string;
  /** What the page shows above the list ("Test a website": issue 26 puts the tool first). */
  above?: ReactNode;
};

export function AccessListScreen<L extends Controller>(p: Props<L>) {
  const { node, list } = p;
  const { info, changes, schedule, canChange } = useAccessTools(node);
  useLeaveOnLoadError(node, list.error);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2}>{p.title}</Title>
        <HeaderLinks links={p.links(info.classic_console_url, node)} />
      </Group>

      {p.above}

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox value={list.state.query} onSearch={list.setQuery} {...p.search} />
        <Group gap="sm" wrap="wrap">
          {p.order}
          {p.filter}
          <ExportButton onExport={list.exportList} progressText={p.exportProgress} />
        </Group>
      </Group>

      {p.table({
        rows: list.rows,
        busy: list.busy,
        sortBy: list.state.sortBy,
        reverse: list.state.reverse,
        onSort: list.chooseSort,
        changes,
        canChange,
        onSchedule: schedule.open,
      })}
      <ListPager list={list} label={p.pagerLabel} />
      <ScheduleModal node={node} target={schedule.target} canChange={canChange} onClose={schedule.close} />
      <ReplaceRuleDialog changes={changes} />
    </Stack>
  );
}
