/**
 * How a failed action is reported (000 §8): 401 and 403 are left to the API client, which reloads or
 * goes home; a network error shows the browser's message; a 404 reads 'Last action failed. Please
 * try again' (not its bare 'Not found'); a 5xx 'Something went wrong. Please contact our support';
 * any other refusal the server's text, else 'Last action failed. Please try again' (the catalogue's
 * 400 and default rows). Call with `quiet` requests so that the generic toast does not show as well.
 */
import { MSG } from '@wayguard/contracts';
import { ApiError, serverMessage } from './api-client';
import { toast } from './toast';

export function actionErrorText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return MSG.lastActionFailed;
  if (error.status === 401 || error.status === 403) return null;
  // status 0: the request never got an answer; its message is the browser's (000 §8 "network errors").
  if (error.status === 0) return error.message || MSG.lastActionFailed;
  if (error.status === 404) return MSG.lastActionFailed;
  if (error.status >= 500) return MSG.somethingWrong;
  return serverMessage(error.body) ?? MSG.lastActionFailed;
}

export function showActionError(error: unknown): void {
  const text = actionErrorText(error);
  if (text) toast.error(text);
}
