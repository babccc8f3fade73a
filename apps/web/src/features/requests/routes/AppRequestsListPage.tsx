/**
 * An app request list (001 §2.4 'App request lists', §4 'Apps', §7 'App requests'): the title and the
 * list's name, 'Request App' (the classic console's mobile app request page, a new tab), search, the
 * date filter, export, the table with its app accordions and row actions, the pager, and the dialogs:
 * approval (POST /app_requests/app), deny or cancel, request review (POST /app_requests). The list
 * controller owns the address, the saved view, fetching, errors and paging (lib/list-configs.ts). A
 * Console User sees no action buttons.
 */
import { useRef } from 'react';
import { APP_MSG, type AppRequestItem } from '@wayguard/contracts';
import { useRegistrationInfo } from '../../../api/registration-info';
import { ExternalLinkButton } from '../../../components/ExternalLinkButton';
import { DateRangeFilter, useListController } from '../../../components/list';
import { usePageTitle } from '../../../lib/page-title';
import type { RequestState as PathState } from '../../../lib/paths';
import { AppApproveDialog } from '../components/AppApproveDialog';
import { AppRequestsTable, appName } from '../components/AppRequestsTable';
import { DenyDialog } from '../components/DenyDialog';
import { RequestListFrame } from '../components/RequestListFrame';
import { SortMenu } from '../components/SortMenu';
import { useAppRequestActions } from '../hooks/use-app-request-actions';
import { useRowFocusReturn } from '../hooks/use-row-focus-return';
import { requestAppUrl } from '../../../lib/app-classic-links';
import { appRequestsList } from '../lib/list-configs';
import { canActOnRequests } from '../lib/permissions';
import { appSortOptions } from '../lib/sort-options';
import { LIST_LABELS, listOfPath } from '../lib/views';

/** The page title of the lists other than websites' (001 §2.4: 'Websites Requests' or 'Requests'). */
const TITLE = 'Requests';

/** What denying an approved app does (001 §4), said in its dialog. */
export const DENY_APPROVED_NOTE = "Denying it uninstalls it from your users' mobiles.";

export default function AppRequestsListPage({ state }: { state: PathState }) {
  const list = listOfPath(state);
  usePageTitle(`App Requests – ${LIST_LABELS[list]}`);
  const info = useRegistrationInfo();
  const canAct = canActOnRequests(info);
  const controller = useListController(appRequestsList(list));
  const { state: view } = controller;
  const actions = useAppRequestActions(list);
  const dialog = actions.dialog;
  const cancel = list === 'pending_tech';
  const tableRef = useRef<HTMLDivElement>(null);
  useRowFocusReturn(tableRef, controller.rows, dialog?.row.id ?? null);

  return (
    <RequestListFrame
      title={TITLE}
      section="Apps"
      list={list}
      noun="App"
      action={<ExternalLinkButton href={requestAppUrl(info.classic_console_url)} label={APP_MSG.requestApp} />}
      controller={controller}
      filters={
        <>
          <DateRangeFilter value={view.filters.date} onApply={(range) => controller.setFilter('date', range)} />
          <SortMenu
            options={appSortOptions(list)}
            sortBy={view.sortBy}
            reverse={view.reverse}
            onChange={controller.setSort}
          />
        </>
      }
      table={(props, showDevices) => (
        <div ref={tableRef}>
          <AppRequestsTable
            {...props}
            list={list}
            canAct={canAct}
            onDialog={actions.open}
            onDevices={(row: AppRequestItem) => showDevices({ id: row.id, type: 'app' })}
          />
        </div>
      )}
      actions={actions}
      reviewing={dialog?.kind === 'review' ? appName(dialog.row) : null}
    >
      {dialog?.kind === 'approve' && (
        <AppApproveDialog
          row={dialog.row}
          pending={actions.pending}
          onClose={actions.close}
          onApprove={(body) => void actions.approve(body)}
        />
      )}
      {dialog?.kind === 'deny' && (
        <DenyDialog
          title={cancel ? 'Cancel request' : list === 'approved' ? 'Deny app' : 'Deny request'}
          confirmLabel={cancel ? 'Cancel request' : 'Deny'}
          dismissLabel={cancel ? 'Keep request' : 'Cancel'}
          subject={list === 'approved' ? `${appName(dialog.row)}: ${DENY_APPROVED_NOTE}` : appName(dialog.row)}
          withPrevent={false}
          pending={actions.pending}
          onClose={actions.close}
          onConfirm={({ reason }) => void actions.deny(reason)}
        />
      )}
    </RequestListFrame>
  );
}
