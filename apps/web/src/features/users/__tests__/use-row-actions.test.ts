// @vitest-environment happy-dom
/** The users list's row actions (000 §4.4): what runs at once, what waits for the note, what each sends and says. */
import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type UserListItem } from '@wayguard/contracts';
import { renderWithQueries, stubApi, unmountAfterEach, type ApiCall } from '../../../test/hook-harness';
import { toast } from '../../../lib/toast';
import { useRowActions } from '../hooks/use-row-actions';
import { userDisplayName } from '../lib/user-labels';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const row = { id: 7, username: 'jordan.r', first_name: 'Jordan', last_name: 'Rivers' } as UserListItem;
const name = userDisplayName(row);
let answer: (call: ApiCall) => unknown;
let calls: ApiCall[];

beforeEach(() => {
  answer = () => ({ success: true });
  calls = stubApi((call) => answer(call));
});
unmountAfterEach();

describe('useRowActions', () => {
  it('resends the activation e-mail at once, with the spec toast', async () => {
    const { result } = renderWithQueries(() => useRowActions());
    act(() => result.current.run('resend_activation_email', row));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.activationResent));
    expect(calls).toEqual([{ method: 'POST', path: '/users', body: { id: 7, action: 'resend_activation_email' } }]);
    expect(result.current.note.opened).toBe(false);
  });

  it('deactivates only after the note: the dialog opens, the note is sent, the dialog closes on success', async () => {
    const { result } = renderWithQueries(() => useRowActions());
    act(() => result.current.run('deactivate', row));
    expect(result.current.note).toMatchObject({ opened: true, target: { row, action: 'deactivate' } });
    expect(calls).toEqual([]);
    act(() => result.current.note.confirm('Left the school'));
    await waitFor(() => expect(result.current.note.opened).toBe(false));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/users',
      body: { id: 7, action: 'deactivate', notes: 'Left the school' },
    });
    expect(toast.success).toHaveBeenCalledWith(MSG.userDeactivated(name));
    // The dialog keeps its user while it animates closed.
    expect(result.current.note.target).toEqual({ row, action: 'deactivate' });
  });

  it('keeps the note dialog open when the server refuses, with the refusal as the toast', async () => {
    answer = () => ({ success: false, error_message: 'The user is already deactivated' });
    const { result } = renderWithQueries(() => useRowActions());
    act(() => result.current.run('deactivate', row));
    act(() => result.current.note.confirm('Left the school'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The user is already deactivated'));
    expect(result.current.note.opened).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("undeletes a deleted server user through the server users' call", async () => {
    const { result } = renderWithQueries(() => useRowActions());
    act(() => result.current.run('undelete', row));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.serverUserUndeleted));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/server_users/server_user', body: { id: 7, action: 'undelete' } },
    ]);
  });
});
