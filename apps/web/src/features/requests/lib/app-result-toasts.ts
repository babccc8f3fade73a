/**
 * The toasts of an app action's answer (001 §8): a row whose action went through shows that action's
 * own toast ('The app request has been denied', 'App was denied', 'Request was denied.', 'Review request
 * sent', 'App has been approved'); a row refused 'Request was failed with error request(s) <text>
 * [code]' (001 §8, as lib/result-toasts.ts); anything else the counted result toasts ('N unsuccessful:' with the
 * AC codes' texts, 'request(s) no further action was taken'). An error outside the catalogue counts as
 * an internal error (AC016).
 */
import {
  REQUEST_ERROR_TEXTS,
  REQUEST_MSG,
  appActionToast,
  appResultToasts,
  requestErrorText,
  type AppItemResult,
  type AppRowAction,
  type RequestErrorCode,
  type RequestList,
} from '@wayguard/contracts';
import type { ResultToasts } from './result-toasts';

type WireResult = Omit<AppItemResult, 'error'> & { error?: string | undefined };

const isCode = (c: string | undefined): c is RequestErrorCode => c !== undefined && c in REQUEST_ERROR_TEXTS;

export function appToasts(action: AppRowAction, list: RequestList, results: readonly WireResult[]): ResultToasts {
  const only = results.length === 1 ? results[0]! : null;
  if (only?.action === 'error')
    return {
      success: [],
      failure: REQUEST_MSG.failedWithError(requestErrorText(isCode(only.error) ? only.error : 'AC016')),
    };
  const allDone = results.length > 0 && results.every((r) => r.action !== 'error' && r.action !== 'none');
  if (allDone) return { success: [appActionToast(action, list)], failure: null };
  return appResultToasts(
    results.map((r) => ({
      package_name: r.package_name,
      action: r.action,
      ...(r.action === 'error' ? { error: isCode(r.error) ? r.error : 'AC016' } : {}),
    })),
  );
}
