// @vitest-environment happy-dom
/**
 * The request lists' actions (001 §2.4, §4): the open dialog, the POST /requests body each decision sends,
 * the result toasts, and what happens to the dialog (closed on an answer, kept on a refusal; a batch
 * approval clears the selection).
 */
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_MSG, type RequestItem } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { renderWithQueries, stubApi, unmountAfterEach, type ApiCall } from '../../../test/hook-harness';
import { batchApproveDialog, useRequestActions } from '../hooks/use-request-actions';
import { RESULT_TOAST } from '../lib/result-toasts';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const row = (id: number) => ({ id, type: 'website', status: 'admin', website: `site${id}.example` }) as RequestItem;
let answer: (call: ApiCall) => unknown;
let calls: ApiCall[];
const posted = () => calls.filter((c) => c.method === 'POST');

beforeEach(() => {
  answer = (call) => {
    const ids = (call.body as { id?: number[] }).id ?? [];
    return ids.map((id) => ({ id, action: 'added' }));
  };
  calls = stubApi((call) => answer(call));
});
unmountAfterEach();

describe('useRequestActions', () => {
  it('denies with prevent as deny_and_prevent_requests, sends the reason, toasts and closes the dialog', async () => {
    const { result } = renderWithQueries(() => useRequestActions('website', 'pending_admin', vi.fn()));
    act(() => result.current.open({ kind: 'deny', rows: [row(3)], cancel: false }));
    await act(() => result.current.deny({ reason: 'Not for school', prevent: true }));
    expect(posted()).toEqual([
      {
        method: 'POST',
        path: '/requests',
        body: {
          id: [3],
          action: 'deny_and_prevent_requests',
          type: 'website',
          status: 'admin',
          reason: 'Not for school',
        },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(REQUEST_MSG.pendingWebsiteDenied, RESULT_TOAST);
    expect(result.current.dialog).toBeNull();
  });

  it('denies without a reason when none is given, as a plain deny', async () => {
    const { result } = renderWithQueries(() => useRequestActions('website', 'pending_admin', vi.fn()));
    act(() => result.current.open({ kind: 'deny', rows: [row(3)], cancel: false }));
    await act(() => result.current.deny({ reason: '', prevent: false }));
    expect(posted()[0]?.body).toEqual({ id: [3], action: 'deny', type: 'website', status: 'admin' });
  });

  it('approves the selected rows for the whole account, then clears the batch (onBatchDone)', async () => {
    const done = vi.fn();
    const { result } = renderWithQueries(() => useRequestActions('website', 'pending_admin', done));
    act(() => result.current.open(batchApproveDialog([row(1), row(2)])));
    await act(() => result.current.approve({ expires: '2026-12-31' }));
    expect(posted()[0]?.body).toMatchObject({
      id: [1, 2],
      action: 'approve_and_add_to_company_whitelist',
      expires: '2026-12-31',
    });
    expect(done).toHaveBeenCalledTimes(1);
    expect(result.current.dialog).toBeNull();
  });

  it('keeps the dialog open when the call is refused, and says so', async () => {
    answer = () => ({ success: false, error_message: 'Something changed' });
    const done = vi.fn();
    const { result } = renderWithQueries(() => useRequestActions('website', 'pending_admin', done));
    act(() => result.current.open(batchApproveDialog([row(1)])));
    await act(() => result.current.approve({}));
    expect(toast.error).toHaveBeenCalledWith('Something changed');
    expect(result.current.dialog?.kind).toBe('approve');
    expect(done).not.toHaveBeenCalled();
  });

  it('a decision of the wrong dialog sends nothing', async () => {
    const { result } = renderWithQueries(() => useRequestActions('website', 'pending_admin', vi.fn()));
    act(() => result.current.open({ kind: 'review', row: row(5) }));
    await act(() => result.current.block());
    expect(posted()).toEqual([]);
    await act(() => result.current.review('Please check it'));
    expect(posted()[0]?.body).toMatchObject({ id: [5], action: 'request_review', reason: 'Please check it' });
  });

  it('bookmarks a row, or removes its bookmark, with the spec toast', async () => {
    answer = () => ({ success: true });
    const { result } = renderWithQueries(() => useRequestActions('website', 'pending_admin', vi.fn()));
    act(() => result.current.toggleBookmark({ ...row(4), bookmark: 0 }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(REQUEST_MSG.bookmarkAdded));
    expect(posted()[0]).toEqual({
      method: 'POST',
      path: '/requests/bookmark',
      body: { action: 'add', requestList: [{ id: 4, type: 'website' }] },
    });
  });
});
