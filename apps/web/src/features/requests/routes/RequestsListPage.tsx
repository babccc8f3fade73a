/**
 * A website or media request list (001 §2.4, §2.5): title ('Websites Requests' / 'Requests') and the
 * list's name, 'Block Website' (website lists, 001 §2.6), the filter bar (search, date filter, media
 * types on media lists, the approved lists' tabs in filterIndex), export, the table with its
 * accordions and row actions, the batch approval of selected pending rows, and the pager. The list
 * controller owns the address, the saved view, fetching, errors and paging from the declaration
 * (lib/list-configs.ts). A Console User sees no action buttons.
 */
import { useRef, useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconChecks } from '@tabler/icons-react';
import type { RequestItem, RequestKind } from '@wayguard/contracts';
import {
  DateRangeFilter,
  ExportButton,
  FilterTabs,
  GroupedChoicePopup,
  ListLoadError,
  ListPager,
  SearchBox,
  useListController,
} from '../../../components/list';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import type { RequestState as PathState } from '../../../lib/paths';
import { ApproveDialog } from '../components/ApproveDialog';
import { BlockPanel } from '../components/BlockPanel';
import { DenyDialog } from '../components/DenyDialog';
import { RequestDevicesModal } from '../components/RequestDevicesModal';
import { ReviewDialog } from '../components/ReviewDialog';
import { TriageControls } from '../components/TriageControls';
import triageClasses from '../components/TriageControls.module.css';
import { RequestsTable, subjectName } from '../components/RequestsTable';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { batchApproveDialog, useRequestActions } from '../hooks/use-request-actions';
import { canBatchApprove } from '../lib/approve-form';
import { MEDIA_TYPE_CHOICE_GROUPS, filterTabs, requestsList } from '../lib/list-configs';
import { canActOnRequests } from '../lib/permissions';
import { LIST_LABELS, documentTitle, kindLabel, listOfPath, requestsTitle } from '../lib/views';

type Props = { kind: RequestKind; state: PathState };

export default function RequestsListPage({ kind, state }: Props) {
  const list = listOfPath(state);
  const title = requestsTitle(kind);
  usePageTitle(documentTitle(kind, list));
  const info = useRegistrationInfo();
  const canAct = canActOnRequests(info);
  const controller = useListController(requestsList(kind, list));
  const { state: view, selection } = controller;
  const actions = useRequestActions(kind, list, selection.clear);
  const [devicesOf, setDevicesOf] = useState<RequestItem | null>(null);
  const [blockOpen, setBlockOpen] = useState(false);
  const tabs = filterTabs(list);
  const label = kindLabel(kind);
  const chosen = (controller.rows ?? []).filter((r) => selection.isSelected(r.id));
  const dialog = actions.dialog;
  const tableRef = useRef<HTMLDivElement>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            {label} – {LIST_LABELS[list]}
          </Text>
        </div>
        {canAct && kind === 'website' && (
          <Button
            variant="default"
            leftSection={<IconBan size={18} aria-hidden="true" />}
            onClick={() => setBlockOpen(true)}
          >
            Block Website
          </Button>
        )}
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <SearchBox
          value={view.query}
          onSearch={controller.setQuery}
          placeholder={`Search ${label.toLowerCase()} requests...`}
          label={`Search ${label.toLowerCase()} requests`}
        />
        <Group gap="sm" wrap="wrap">
          {tabs.length > 1 && (
            <FilterTabs
              label="Requests to show"
              tabs={tabs}
              value={view.filters.tab}
              onChange={(i) => controller.setFilter('tab', i)}
            />
          )}
          <DateRangeFilter value={view.filters.date} onApply={(range) => controller.setFilter('date', range)} />
          {kind === 'media' && (
            <GroupedChoicePopup
              groups={MEDIA_TYPE_CHOICE_GROUPS}
              value={view.filters.mediaTypes}
              onApply={(types) => controller.setFilter('mediaTypes', types)}
            />
          )}
          <ExportButton
            onExport={controller.exportList}
            progressText={`Preparing the ${label.toLowerCase()} requests export…`}
          />
        </Group>
      </Group>

      {list === 'pending_admin' && canAct && (
        <Group gap="sm">
          <Button
            leftSection={<IconChecks size={18} aria-hidden="true" />}
            disabled={!canBatchApprove(chosen.length, actions.pending)}
            onClick={() => actions.open(batchApproveDialog(chosen))}
          >
            Approve selected ({chosen.length})
          </Button>
          <TriageControls rows={controller.rows} selection={selection} tableRef={tableRef} onDialog={actions.open} />
        </Group>
      )}

      {controller.error ? (
        <ListLoadError title="The requests could not be loaded" onRetry={controller.retry} />
      ) : (
        <div ref={tableRef} className={triageClasses.table}>
          <RequestsTable
            kind={kind}
            list={list}
            rows={controller.rows}
            busy={controller.busy}
            sortBy={view.sortBy}
            reverse={view.reverse}
            onSort={controller.chooseSort}
            canAct={canAct}
            selection={selection}
            onDialog={actions.open}
            onDevices={setDevicesOf}
            onBookmark={actions.toggleBookmark}
          />
        </div>
      )}

      <ListPager list={controller} label={`${label} requests pages`} />

      <RequestDevicesModal row={devicesOf} onClose={() => setDevicesOf(null)} />
      {canAct && kind === 'website' && <BlockPanel opened={blockOpen} onClose={() => setBlockOpen(false)} />}

      {dialog?.kind === 'approve' && (
        <ApproveDialog
          title={dialog.title}
          option={dialog.option}
          subject={dialog.rows.length === 1 ? subjectName(dialog.rows[0]!) : `${dialog.rows.length} requests`}
          rows={dialog.rows}
          withExpiry={dialog.withExpiry}
          focusApprove={dialog.focusApprove}
          pending={actions.pending}
          onClose={actions.close}
          onConfirm={(choice) => void actions.approve(choice)}
        />
      )}
      {dialog?.kind === 'deny' && (
        <DenyDialog
          title={dialog.cancel ? 'Cancel request' : 'Deny request'}
          confirmLabel={dialog.cancel ? 'Cancel request' : 'Deny'}
          subject={dialog.rows.map(subjectName).join(', ')}
          withPrevent={list === 'pending_admin' || list === 'pending_tech'}
          pending={actions.pending}
          onClose={actions.close}
          onConfirm={(choice) => void actions.deny(choice)}
        />
      )}
      {dialog?.kind === 'review' && (
        <ReviewDialog
          subject={subjectName(dialog.row)}
          pending={actions.pending}
          onClose={actions.close}
          onConfirm={(reason) => void actions.review(reason)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'block'}
        title={`Block ${label}`}
        confirmLabel="Block"
        danger
        pending={actions.pending}
        onClose={actions.close}
        onConfirm={() => void actions.block()}
      >
        {dialog?.kind === 'block' ? `Block ${subjectName(dialog.row)}?` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
