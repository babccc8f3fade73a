/**
 * A website or media request list (001 §2.4, §2.5): title ('Websites Requests' / 'Requests') and the
 * list's name, 'Block Website' (website lists, 001 §2.6), the filter bar (search, date filter, media
 * types on media lists, the approved lists' tabs in filterIndex), export, the sort menu (001 §9), the table with its
 * accordions and row actions, the batch approval of selected pending rows, and the pager. The list
 * controller owns the address, the saved view, fetching, errors and paging from the declaration
 * (lib/list-configs.ts). A Console User sees no action buttons.
 */
import { useRef, useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconBan, IconChecks } from '@tabler/icons-react';
import type { RequestKind } from '@wayguard/contracts';
import { DateRangeFilter, FilterTabs, GroupedChoicePopup, useListController } from '../../../components/list';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import type { RequestState as PathState } from '../../../lib/paths';
import { ApproveDialog } from '../components/ApproveDialog';
import { BlockPanel } from '../components/BlockPanel';
import { DenyDialog } from '../components/DenyDialog';
import { RequestListFrame } from '../components/RequestListFrame';
import { TriageControls } from '../components/TriageControls';
import triageClasses from '../components/TriageControls.module.css';
import { RequestsTable, subjectName } from '../components/RequestsTable';
import { SortMenu } from '../components/SortMenu';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { batchApproveDialog, useRequestActions, type RequestDialog } from '../hooks/use-request-actions';
import { useRowFocusReturn } from '../hooks/use-row-focus-return';
import { canBatchApprove } from '../lib/approve-form';
import { MEDIA_TYPE_CHOICE_GROUPS, filterTabs, requestsList } from '../lib/list-configs';
import { canActOnRequests } from '../lib/permissions';
import { requestSortOptions } from '../lib/sort-options';
import { documentTitle, kindLabel, listOfPath, requestsTitle } from '../lib/views';

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
  const [blockOpen, setBlockOpen] = useState(false);
  const tabs = filterTabs(list);
  const label = kindLabel(kind);
  const chosen = (controller.rows ?? []).filter((r) => selection.isSelected(r.id));
  const dialog = actions.dialog;
  const tableRef = useRef<HTMLDivElement>(null);
  useRowFocusReturn(tableRef, controller.rows, dialogRow(dialog));

  return (
    <RequestListFrame
      title={title}
      section={label}
      list={list}
      noun={label}
      action={
        canAct &&
        kind === 'website' && (
          <Button
            variant="default"
            leftSection={<IconBan size={18} aria-hidden="true" />}
            onClick={() => setBlockOpen(true)}
          >
            Block Website
          </Button>
        )
      }
      controller={controller}
      filters={
        <>
          {tabs.length > 1 && (
            <FilterTabs
              label="Requests to show"
              tabs={tabs}
              value={view.filters.tab}
              onChange={(i) => controller.setFilter('tab', i)}
            />
          )}
          <DateRangeFilter value={view.filters.date} onApply={(range) => controller.setFilter('date', range)} />
          <SortMenu
            options={requestSortOptions(kind, list)}
            sortBy={view.sortBy}
            reverse={view.reverse}
            onChange={controller.setSort}
          />
          {kind === 'media' && (
            <GroupedChoicePopup
              groups={MEDIA_TYPE_CHOICE_GROUPS}
              value={view.filters.mediaTypes}
              onApply={(types) => controller.setFilter('mediaTypes', types)}
            />
          )}
        </>
      }
      above={
        list === 'pending_admin' &&
        canAct && (
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
        )
      }
      table={(props, showDevices) => (
        <div ref={tableRef} className={triageClasses.table}>
          <RequestsTable
            {...props}
            kind={kind}
            list={list}
            canAct={canAct}
            selection={selection}
            onDialog={actions.open}
            onDevices={showDevices}
            onBookmark={actions.toggleBookmark}
          />
        </div>
      )}
      actions={actions}
      reviewing={dialog?.kind === 'review' ? subjectName(dialog.row) : null}
    >
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
          dismissLabel={dialog.cancel ? 'Keep request' : 'Cancel'}
          subject={dialog.rows.map(subjectName).join(', ')}
          withPrevent={list === 'pending_admin' || list === 'pending_tech'}
          pending={actions.pending}
          onClose={actions.close}
          onConfirm={(choice) => void actions.deny(choice)}
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
    </RequestListFrame>
  );
}

/** The row a dialog was opened for (the first of a batch), or null when none is open. */
function dialogRow(dialog: RequestDialog | null): number | null {
  if (!dialog) return null;
  return 'row' in dialog ? dialog.row.id : (dialog.rows[0]?.id ?? null);
}
