/**
 * A node's websites or media page (002 §2.4, §2.5; a server user's, §2.9), from the page's texts, its
 * list's declaration per node, its filter and its table: the node from the address (NodePage), the list
 * controller, and the list kit's ListScreen with the header links into the classic console, what the
 * page puts first ("Test a website"), the toolbar (search, the order, the list's filter, export), the
 * table with each row's switch, why and schedule, the pager, and the schedule editor. A list that
 * cannot be loaded goes to the devices list or /users.
 */
import type { ReactNode } from 'react';
import type { z } from 'zod';
import {
  ListScreen,
  useListController,
  type FilterKind,
  type ListDefinition,
  type ListScreenController,
  type ListTableProps,
  type ParamOf,
  type SortOf,
} from '../../../components/list';
import { useAccessTools } from '../hooks/use-access-tools';
import { useLeaveOnLoadError } from '../hooks/use-node-page';
import type { ClassicLink } from '../lib/classic-links';
import type { WebAccessNode } from '../lib/node';
import { HeaderLinks } from './HeaderLinks';
import { ListOrderControl } from './ListOrderControl';
import { NodePage } from './NodePage';
import { ReplaceRuleDialog } from './ReplaceRuleDialog';
import { ScheduleModal } from './ScheduleModal';

/** A list's type parameters, as defineList and useListController take them. */
type Qy = z.ZodObject;
type Fk<Q extends Qy> = Record<string, FilterKind<unknown, ParamOf<Q>>>;
type ControllerOf<Q extends Qy, R extends z.ZodType, Row, S extends SortOf<Q>, Fs extends Fk<Q>> = ReturnType<
  typeof useListController<Q, R, Row, S, Fs>
>;

/** What the page's table is given: the list's rows and sort, and each row's switch and schedule tools. */
export type AccessTableProps<L extends { rows: unknown; state: { sortBy: unknown }; chooseSort: unknown }> = Pick<
  ReturnType<typeof useAccessTools>,
  'changes' | 'canChange'
> &
  ListTableProps<L & ListScreenController> & {
    onSchedule: ReturnType<typeof useAccessTools>['schedule']['open'];
  };

type Props<Q extends Qy, R extends z.ZodType, Row, S extends SortOf<Q>, Fs extends Fk<Q>> = {
  title: string;
  /** The list's declaration for a node (stable per node: list-configs.ts keeps one per node). */
  definition: (node: WebAccessNode) => ListDefinition<Q, R, Row, S, Fs>;
  /** The header links for the classic console at `base`. */
  links: (base: string, node: WebAccessNode) => ClassicLink[];
  /** The search's placeholder and label ('Find media...', 'Find media'). */
  search: { placeholder: string; label: string };
  /** The list's filter, after the order. */
  filter: (list: ControllerOf<Q, R, Row, S, Fs>) => ReactNode;
  exportProgress: string;
  table: (props: AccessTableProps<ControllerOf<Q, R, Row, S, Fs>>) => ReactNode;
  pagerLabel: string;
  /** What the page shows above the list ("Test a website": issue 26 puts the tool first). */
  above?: (node: WebAccessNode) => ReactNode;
};

export function AccessListScreen<Q extends Qy, R extends z.ZodType, Row, S extends SortOf<Q>, Fs extends Fk<Q>>(
  p: Props<Q, R, Row, S, Fs>,
) {
  return <NodePage title={p.title} screen={(node) => <NodeList {...p} node={node} />} />;
}

function NodeList<Q extends Qy, R extends z.ZodType, Row, S extends SortOf<Q>, Fs extends Fk<Q>>({
  node,
  ...p
}: Props<Q, R, Row, S, Fs> & { node: WebAccessNode }) {
  const list = useListController(p.definition(node));
  const { info, changes, schedule, canChange } = useAccessTools(node);
  // A list that cannot be loaded leaves the page (no load error here).
  useLeaveOnLoadError(node, list.error);

  return (
    <ListScreen
      list={list}
      title={p.title}
      titleOrder={2}
      actions={<HeaderLinks links={p.links(info.classic_console_url, node)} />}
      first={p.above?.(node)}
      search={p.search}
      toolbar={
        <>
          {/* Both web-access lists sort by 'managed' and 'name' (contracts' WEB_ACCESS sorts). */}
          <ListOrderControl sortBy={list.state.sortBy} onChoose={(s, first) => list.chooseSort(s as S, first)} />
          {p.filter(list)}
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
