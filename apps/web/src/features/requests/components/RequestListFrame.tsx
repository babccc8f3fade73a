/**
 * What every request list page (websites and media: RequestsListPage; apps: AppRequestsListPage; 001 §2.4)
 * shows around its table: the title with the list's section and name and the page's own action, the
 * toolbar (search, the list's filters, export), what the list shows above its table, the table or the
 * load error with retry, the pager, the Request Devices modal and the 'Request review' dialog. The page
 * gives its texts, filters, table and its other dialogs (`children`).
 */
import { useState, type ReactNode } from 'react';
import type { RequestList } from '@wayguard/contracts';
import { ListScreen, type ListScreenController, type ListTableProps } from '../../../components/list';
import { LIST_LABELS } from '../lib/views';
import { ForListModals } from './ForListModals';
import type { DevicesOf } from './RequestDevicesModal';
import { ReviewDialog } from './ReviewDialog';

/** What the page's table is given: the list's rows and sort. */
export type RequestTableProps<L extends ListScreenController> = ListTableProps<L>;

type Props<L extends ListScreenController> = {
  title: string;
  /** The subtitle's first part, before the list's name ('Website', 'Media', 'Apps'). */
  section: string;
  list: RequestList;
  /** What is requested ('Website', 'Media', 'App'): the search's, the export's and the pager's texts. */
  noun: string;
  /** The page's action beside the title ('Block Website', 'Request App'). */
  action?: ReactNode;
  controller: L;
  /** The list's filters, between the search and the export. */
  filters: ReactNode;
  /** What the list shows between the toolbar and the table (the pending list's batch approval). */
  above?: ReactNode;
  /** The table, given the list's rows and sort; `showDevices` opens the Request Devices modal for a row. */
  table: (props: RequestTableProps<L>, showDevices: (row: DevicesOf) => void) => ReactNode;
  /** The list's actions the frame's dialog uses: whether one is being sent, closing the dialog, the review. */
  actions: { pending: boolean; close: () => void; review: (reason: string) => Promise<void> };
  /** The subject of the 'Request review' dialog when it is open. */
  reviewing: string | null;
  children?: ReactNode;
};

export function RequestListFrame<L extends ListScreenController>(p: Props<L>) {
  const { noun } = p;
  const [devicesOf, setDevicesOf] = useState<DevicesOf | null>(null);
  const lower = noun.toLowerCase();
  return (
    <ListScreen
      list={p.controller}
      title={p.title}
      subtitle={`${p.section} – ${LIST_LABELS[p.list]}`}
      actions={p.action}
      search={{ placeholder: `Search ${lower} requests...`, label: `Search ${lower} requests` }}
      toolbar={p.filters}
      exportProgress={`Preparing the ${lower} requests export…`}
      above={p.above}
      errorTitle="The requests could not be loaded"
      table={(table) => p.table(table, setDevicesOf)}
      pagerLabel={`${noun} requests pages`}
    >
      <ForListModals row={devicesOf} onClose={() => setDevicesOf(null)} />
      {p.children}
      {p.reviewing !== null && (
        <ReviewDialog
          subject={p.reviewing}
          pending={p.actions.pending}
          onClose={p.actions.close}
          onConfirm={(reason) => void p.actions.review(reason)}
        />
      )}
    </ListScreen>
  );
}
