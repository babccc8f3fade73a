/**
 * What every request list page (websites and media: RequestsListPage; apps: AppRequestsListPage; 001 §2.4)
 * shows around its table: the title with the list's section and name and the page's own action, the
 * toolbar (search, the list's filters, export), what the list shows above its table, the table or the
 * load error with retry, the pager, the Request Devices modal and the 'Request review' dialog. The page
 * gives its texts, filters, table and its other dialogs (`children`).
 */
import { useState, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { RequestList } from '@wayguard/contracts';
import { ExportButton, ListLoadError, ListPager, SearchBox } from '../../../components/list';
import { LIST_LABELS } from '../lib/views';
import { ForListModals } from './ForListModals';
import type { DevicesOf } from './RequestDevicesModal';
import { ReviewDialog } from './ReviewDialog';

type Controller = Parameters<typeof ListPager>[0]['list'] & {
  state: { query: string; sortBy: unknown; reverse: boolean };
  error: unknown;
  busy: boolean;
  retry: () => void;
  setQuery: (query: string) => void;
  chooseSort: (...args: never[]) => void;
  exportList: Parameters<typeof ExportButton>[0]['onExport'];
};

/** What the page's table is given: the list's rows and sort. */
export type RequestTableProps<L extends Controller> = {
  rows: L['rows'];
  busy: boolean;
  sortBy: L['state']['sortBy'];
  reverse: boolean;
  onSort: L['chooseSort'];
};

type Props<L extends Controller> = {
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

export function RequestListFrame<L extends Controller>(p: Props<L>) {
  const { controller, noun } = p;
  const [devicesOf, setDevicesOf] = useState<DevicesOf | null>(null);
  const lower = noun.toLowerCase();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Title order={1}>{p.title}</Title>
          <Text c="dimmed" size="sm">
            {p.section} – {LIST_LABELS[p.list]}
          </Text>
        </div>
        {p.action}
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox
          value={controller.state.query}
          onSearch={controller.setQuery}
          placeholder={`Search ${lower} requests...`}
          label={`Search ${lower} requests`}
        />
        <Group gap="sm" wrap="wrap">
          {p.filters}
          <ExportButton onExport={controller.exportList} progressText={`Preparing the ${lower} requests export…`} />
        </Group>
      </Group>

      {p.above}

      {controller.error ? (
        <ListLoadError title="The requests could not be loaded" onRetry={controller.retry} />
      ) : (
        p.table(
          {
            rows: controller.rows,
            busy: controller.busy,
            sortBy: controller.state.sortBy,
            reverse: controller.state.reverse,
            onSort: controller.chooseSort,
          },
          setDevicesOf,
        )
      )}

      <ListPager list={controller} label={`${noun} requests pages`} />

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
    </Stack>
  );
}
