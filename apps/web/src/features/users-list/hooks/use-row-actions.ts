/**
 * Runs the row menu's actions (000 §4.4): Resend Email and Reset Password at once, Deactivate and
 * Reactivate after the note dialog, Undelete for a deleted server user; each with the spec's toast.
 */
import { useState } from 'react';
import { MSG, type UserListItem } from '@wayguard/contracts';
import type { NoteAction } from '../../../components/users/UserNoteDialog';
import { userDisplayName } from '../../../components/users/user-labels';
import { toast } from '../../../lib/toast';
import { useServerUserAction } from '../api/server-user-action';
import { useUserAction } from '../api/user-action';
import { showActionError } from '../../../lib/action-error';
import type { RowActionKind } from '../lib/row-actions';

export type NoteTarget = { row: UserListItem; action: NoteAction };

export function useRowActions() {
  const userAction = useUserAction();
  const serverUserAction = useServerUserAction();
  const [noteTarget, setNoteTarget] = useState<NoteTarget | null>(null);
  // The dialog keeps showing its last user while it animates closed.
  const [lastNoteTarget, setLastNoteTarget] = useState<NoteTarget | null>(null);

  const runUserAction = async (row: UserListItem, action: Exclude<RowActionKind, 'undelete'>, notes?: string) => {
    try {
      await userAction.mutateAsync({ id: row.id, action, ...(notes !== undefined ? { notes } : {}) });
      const name = userDisplayName(row);
      toast.success(
        {
          resend_activation_email: MSG.activationResent,
          reset_password: MSG.passwordResetResent,
          deactivate: MSG.userDeactivated(name),
          reactivate: MSG.userReactivated(name),
        }[action],
      );
      return true;
    } catch (e) {
      showActionError(e);
      return false;
    }
  };

  const run = (kind: RowActionKind, row: UserListItem) => {
    if (kind === 'deactivate' || kind === 'reactivate') {
      const target = { row, action: kind };
      setNoteTarget(target);
      setLastNoteTarget(target);
      return;
    }
    if (kind === 'undelete') {
      serverUserAction.mutate(
        { id: row.id, action: 'undelete' },
        { onSuccess: () => toast.success(MSG.serverUserUndeleted), onError: showActionError },
      );
      return;
    }
    void runUserAction(row, kind);
  };

  const confirmNote = async (notes: string) => {
    if (!noteTarget) return;
    if (await runUserAction(noteTarget.row, noteTarget.action, notes)) setNoteTarget(null);
  };

  return {
    run,
    note: {
      opened: noteTarget !== null,
      target: noteTarget ?? lastNoteTarget,
      pending: userAction.isPending,
      close: () => setNoteTarget(null),
      confirm: (notes: string) => void confirmNote(notes),
    },
  };
}
