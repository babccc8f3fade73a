/**
 * How a failed action is reported (000 §8 "Save returns no error text"): the server's error text as an
 * error toast, or 'Something went wrong. Please contact our support' when it gave none. 401 and 403
 * are left to the API client, which reloads or goes home. Call with `quiet` requests so that the
 * catalogue's generic toast does not show as well.
 */
import { MSG } from '@wayguard/contracts';
import { ApiError, serverMessage } from './api-client';
import { toast } from './toast';

export function actionErrorText(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.status === 401 || error.status === 403) return null;
    // status 0: the request never got an answer; its message is the browser's (000 §8 "network errors").
    if (error.status === 0) return error.message || MSG.somethingWrong;
    return serverMessage(error.body) ?? MSG.somethingWrong;
  }
  return MSG.somethingWrong;
}

export function showActionError(error: unknown): void {
  const text = actionErrorText(error);
  if (text) toast.error(text);
}

/** For answers of 200 with success false: their error text, else the catalogue's fallback. */
export function showRefusal(res: { error?: string | undefined }): void {
  toast.error(res.error || MSG.somethingWrong);
}
