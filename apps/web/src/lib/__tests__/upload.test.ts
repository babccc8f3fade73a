import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CORE_MSG } from '@wayguard/contracts';
import { ApiError, networkErrorMessage } from '../api-client';
import { toast } from '../toast';
import { upload } from '../upload';

/** An XMLHttpRequest whose send fails on the network (no status), as a dropped connection does. */
class FailingXhr {
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  withCredentials = false;
  responseType = '';
  status = 0;
  responseText = '';
  open() {}
  setRequestHeader() {}
  send() {
    queueMicrotask(() => this.onerror?.());
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FailingXhr);
  vi.stubGlobal('localStorage', { getItem: () => null });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('upload: a network failure (review 002 #17)', () => {
  it('shows and rejects with the API client’s network message, not “Something went wrong”', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => '');
    const result = upload('/account/logo', { image: 'x' });
    await expect(result).rejects.toBeInstanceOf(ApiError);
    await expect(result).rejects.toMatchObject({ status: 0, message: networkErrorMessage() });
    expect(error).toHaveBeenCalledWith(networkErrorMessage());
    expect(error).not.toHaveBeenCalledWith(CORE_MSG.somethingWrong);
  });
});
