/**
 * The toasts of one POST /requests answer (001 §8), from the contracts' texts and rules. An action on
 * one row (not a batch) whose first item is an error reads 'Request was failed with error {error}'
 * (001 §7 'a first item with action error carries the error'), a website-group approval included
 * (MS-02); {error} is the code's sentence 'request(s) <text> [code]' (docs/decisions/requests.md
 * "Failed request actions (issue 26)"). One row handled by a single action with nothing failed shows that action's own
 * toast (singleActionToast); a batch, or an approval for the whole account, shows the counted result toasts
 * (requestResultToasts). Failures come as one 'N unsuccessful:' toast.
 */
import {
  REQUEST_ERROR_TEXTS,
  REQUEST_MSG,
  TOAST_SUCCESS_MS,
  requestErrorText,
  requestResultToasts,
  singleActionToast,
  type RequestAction,
  type RequestActionResponse,
  type RequestErrorCode,
  type RequestItemResult,
  type RequestKind,
  type RequestList,
} from '@wayguard/contracts';

export type ResultToasts = { success: string[]; failure: string | null };

const isCode = (c: string | undefined): c is RequestErrorCode => c !== undefined && c in REQUEST_ERROR_TEXTS;

export function resultToasts(
  kind: RequestKind,
  list: RequestList,
  action: RequestAction,
  results: RequestActionResponse,
  batch: boolean,
): ResultToasts {
  const first = results[0];
  if (first && first.action === 'error' && !batch) {
    const error = isCode(first.error) ? requestErrorText(first.error) : (first.error ?? REQUEST_MSG.lastActionFailed);
    return { success: [], failure: REQUEST_MSG.failedWithError(error) };
  }
  const items: RequestItemResult[] = results.map((r) => ({
    id: r.id,
    action: r.action,
    ...(isCode(r.error) ? { error: r.error } : {}),
  }));
  const accountWhitelist = action === 'approve_and_add_to_company_whitelist';
  const counted = requestResultToasts(kind, items, { accountWhitelist });
  const allDone = items.length > 0 && items.every((r) => r.action !== 'error' && r.action !== 'none');
  if (!batch && !accountWhitelist && allDone)
    return { success: [singleActionToast(kind, action, list)], failure: null };
  return counted;
}

/** The result toasts last 3000 ms and are at most 700 px wide (001 §8). */
export const RESULT_TOAST = { durationMs: TOAST_SUCCESS_MS, maxWidth: 700 } as const;
