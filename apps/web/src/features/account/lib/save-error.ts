/**
 * The account page's answer to a failed save (000 §8), through lib/action-error: the server's error
 * text as an error toast, or 'Something went wrong. Please contact our support' when it gave none;
 * 401 and 403 are left to the API client (reload, or home).
 */
import type { SuccessResponse } from '@wayguard/contracts';
import { showActionError, showRefusal } from '../../../lib/action-error';

/** A 200 answer whose `success` is false: the save was refused. */
class SaveRefused extends Error {
  constructor(readonly response: SuccessResponse) {
    super(response.error ?? '');
  }
}

export function assertSaved(res: SuccessResponse): void {
  if (!res.success) throw new SaveRefused(res);
}

export function toastSaveError(error: unknown): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  if (error instanceof SaveRefused) showRefusal(error.response);
  else showActionError(error);
}
