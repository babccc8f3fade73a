/**
 * What a node's websites and media pages (002 §2.4, §2.5; a server user's, §2.9) share: the title and the
 * header links into the classic console, what the page puts first ("Test a website"), the toolbar (search,
 * the order, the list's filter, export), the table
 * with each row's switch, why and schedule, the pager, and the schedule editor. A list that cannot be loaded goes to the devices list or /users.
 */
import type { ReactNode } from 'react';
import { ListScreen, type ListScreenController, type ListTableProps } from '../../../components/list';
import { useAccessTools } from '../hooks/use-access-tools';
import { useLeaveOnLoadError } from '../hooks/use-node-page';
import type { ClassicLink } from '../lib/classic-links';
import type { WebAccessNode } from '../lib/node';
import { HeaderLinks } from './HeaderLinks';
import { ReplaceRuleDialog } from './ReplaceRuleDialog';
import { ScheduleModal } from './ScheduleModal';

/** What the page's table is given: the list's rows and sort, and each row's switch and schedule tools. */
export type AccessTableProps<L extends ListScreenController> = Pick<
  ReturnType<typeof useAccessTools>,
  'changes' | 'canChange'
> &
  ListTableProps<L> & {
    onSchedule: ReturnType<typeof useAccessTools>['schedule']['open'];
  };

type Props<L extends ListScreenController> = {
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

export function AccessListScreen<L extends ListScreenController>(p: Props<L>) {
  const { node, list } = p;
  const { info, changes, schedule, canChange } = useAccessTools(node);
  // A list that cannot be loaded leaves the page (no load error here).
  useLeaveOnLoadError(node, list.error);

  return (
    <ListScreen
      list={list}
      title={p.title}
      titleOrder={2}
      actions={<HeaderLinks links={p.links(info.classic_console_url, node)} />}
      first={p.above}
      search={p.search}
      toolbar={
        <>
          {p.order}
          {p.filter}
        </>
      }
      exportProgress={p.exportProgress}
      table={(table) => p.table({ ...table, changes, canChange, onSchedule: schedule.open })}
      pagerLabel={p.pagerLabel}
    >
      <ScheduleModal node={node} target={schedule.target} canChange={canChange} onClose={schedule.close} />
      <ReplaceRuleDialog changes={changes} />
    </ListScreen>
  );
}
