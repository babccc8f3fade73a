/**
 * Runs an app request list's actions (001 §2.4, §4 'Apps'): which dialog is open, the approval through
 * POST /app_requests/app, and deny, cancel and request review through POST /app_requests, each by the
 * one action path (useAction) with the toasts of 001 §8 (lib/app-result-toasts.ts; 3000 ms, at most
 * 700 px wide).
 */
import { useState } from 'react';
import {
  MSG,
  type AppApprovalBody,
  type AppRequestActionResponse,
  type AppRequestItem,
  type AppRowAction,
  type RequestList,
} from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { appApprovalAction, appRequestAction } from '../api/app-requests';
import { appToasts } from '../lib/app-result-toasts';
import { RESULT_TOAST } from '../lib/result-toasts';

export type AppRequestDialog =
  | { kind: 'approve'; row: AppRequestItem }
  | { kind: 'deny'; row: AppRequestItem }
  | { kind: 'review'; row: AppRequestItem };

function showToasts(action: AppRowAction, list: RequestList, results: AppRequestActionResponse): boolean {
  const toasts = appToasts(action, list, results);
  for (const text of toasts.success) toast.success(text, RESULT_TOAST);
  if (toasts.failure) toast.error(toasts.failure, RESULT_TOAST);
  if (toasts.success.length === 0 && !toasts.failure) toast.error(MSG.somethingWrong, RESULT_TOAST);
  return toasts.failure === null;
}

export function useAppRequestActions(list: RequestList) {
  const [dialog, setDialog] = useState<AppRequestDialog | null>(null);
  const action = useAction({ ...appRequestAction, success: null });
  const approval = useAction({ ...appApprovalAction, success: null });

  const send = async (row: AppRequestItem, act: 'deny' | 'request_review', reason: string) => {
    const outcome = await action.run({
      package_name: [row.package_name],
      action: act,
      status: row.status,
      ...(reason ? { reason } : {}),
    });
    if (!outcome.ok) return;
    showToasts(act, list, outcome.data);
    // A refusal (an AC code) means the row moved on meanwhile: the list is refetched, the dialog closes.
    setDialog(null);
  };

  return {
    dialog,
    pending: action.pending || approval.pending,
    open: setDialog,
    close: () => setDialog(null),
    deny: async (reason: string) => {
      if (dialog?.kind === 'deny') await send(dialog.row, 'deny', reason);
    },
    review: async (reason: string) => {
      if (dialog?.kind === 'review') await send(dialog.row, 'request_review', reason);
    },
    approve: async (body: AppApprovalBody) => {
      if (dialog?.kind !== 'approve') return;
      const outcome = await approval.run(body);
      if (!outcome.ok) return;
      showToasts('approve', list, [outcome.data.result]);
      setDialog(null);
    },
  };
}
