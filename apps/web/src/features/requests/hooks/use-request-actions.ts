/**
 * Runs a request list's actions (001 §2.4, §4): which dialog is open, and the POST /requests call
 * behind each through the one action path (useAction), with the result toasts of the contracts
 * (lib/result-toasts.ts: 3000 ms, at most 700 px wide). Bookmarks go through POST /requests/bookmark.
 */
import { useState } from 'react';
import {
  MSG,
  REQUEST_MSG,
  type ApproveOption,
  type RequestAction,
  type RequestActionBody,
  type RequestItem,
  type RequestKind,
  type RequestList,
} from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { bookmarkAction } from '../api/bookmark';
import { requestAction } from '../api/request-action';
import { RESULT_TOAST, resultToasts } from '../lib/result-toasts';
import type { ApproveChoice } from '../components/ApproveDialog';

export type RequestDialog =
  | {
      kind: 'approve';
      rows: RequestItem[];
      option: ApproveOption;
      title: string;
      withExpiry: boolean;
      batch: boolean;
      /** Opened by a shortcut: focus starts on Approve, so Enter confirms. */
      focusApprove?: boolean;
    }
  | { kind: 'deny'; rows: RequestItem[]; cancel: boolean }
  | { kind: 'review'; row: RequestItem }
  | { kind: 'block'; row: RequestItem };

/** The approved rows' 'allow for other selected devices' (001 §4: add_to_device_whitelist). */
export const ALLOW_OTHER_DEVICES: ApproveOption = {
  action: 'add_to_device_whitelist',
  label: 'Allow for other selected devices...',
  needs: 'devices',
};

/** The batch approval: the account's whitelist only (001 §4). */
export const BATCH_APPROVE: ApproveOption = {
  action: 'approve_and_add_to_company_whitelist',
  label: 'Approve for the whole account',
};

/** The batch approval's dialog (the selected rows, for the whole account); focusApprove: opened by a shortcut. */
export function batchApproveDialog(rows: RequestItem[], focusApprove = false): RequestDialog {
  return {
    kind: 'approve',
    rows,
    option: BATCH_APPROVE,
    title: 'Approve selected requests',
    withExpiry: true,
    batch: true,
    ...(focusApprove ? { focusApprove } : {}),
  };
}

export function useRequestActions(kind: RequestKind, list: RequestList, onBatchDone: () => void) {
  const [dialog, setDialog] = useState<RequestDialog | null>(null);
  const action = useAction({ ...requestAction, success: null });
  const bookmark = useAction({
    ...bookmarkAction,
    success: (_, vars) => (vars.action === 'add' ? REQUEST_MSG.bookmarkAdded : REQUEST_MSG.bookmarkRemoved),
  });

  const send = async (
    rows: RequestItem[],
    act: RequestAction,
    extra: Omit<RequestActionBody, 'id' | 'action' | 'type' | 'status'>,
    batch = false,
  ) => {
    if (rows.length === 0) return false;
    const body: RequestActionBody = {
      id: rows.map((r) => r.id),
      action: act,
      type: kind,
      status: rows[0]!.status,
      ...extra,
    };
    const outcome = await action.run(body);
    if (!outcome.ok) return false;
    const toasts = resultToasts(kind, list, act, outcome.data, batch);
    for (const text of toasts.success) toast.success(text, RESULT_TOAST);
    if (toasts.failure) toast.error(toasts.failure, RESULT_TOAST);
    if (toasts.success.length === 0 && !toasts.failure) toast.error(MSG.somethingWrong, RESULT_TOAST);
    return true;
  };

  const finish = (ok: boolean, batch = false) => {
    if (!ok) return;
    setDialog(null);
    if (batch) onBatchDone();
  };

  return {
    dialog,
    pending: action.pending,
    bookmarkPending: bookmark.pending,
    open: setDialog,
    close: () => setDialog(null),
    approve: async (choice: ApproveChoice) => {
      if (dialog?.kind !== 'approve') return;
      finish(await send(dialog.rows, dialog.option.action, choice, dialog.batch), dialog.batch);
    },
    deny: async ({ reason, prevent }: { reason: string; prevent: boolean }) => {
      if (dialog?.kind !== 'deny') return;
      const act: RequestAction = prevent ? 'deny_and_prevent_requests' : 'deny';
      finish(await send(dialog.rows, act, reason ? { reason } : {}));
    },
    review: async (reason: string) => {
      if (dialog?.kind !== 'review') return;
      finish(await send([dialog.row], 'request_review', { reason }));
    },
    block: async () => {
      if (dialog?.kind !== 'block') return;
      finish(await send([dialog.row], 'block', {}));
    },
    toggleBookmark: (row: RequestItem) =>
      void bookmark.run({ action: row.bookmark ? 'remove' : 'add', requestList: [{ id: row.id, type: row.type }] }),
  };
}
