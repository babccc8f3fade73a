/**
 * Runs the row menu's actions (000 §4.4): Resend Email and Reset Password at once, Deactivate and
 * Reactivate after the note dialog, Undelete for a deleted server user; each with the spec's toast.
 */
import { useState } from 'react';
import type { UserListItem } from '@wayguard/contracts';
import { useAction } from '../../../lib/use-action';
import { serverUserAction, serverUserActionSuccess } from '../api/server-user-action';
import { userAction as userActionDef, userActionSuccessText } from '../api/user-action';
import type { NoteAction } from '../components/UserNoteDialog';
import type { RowActionKind } from '../lib/row-actions';
import { userDisplayName } from '../lib/user-labels';

export type NoteTarget = { row: UserListItem; action: NoteAction };

export function useRowActions() {
  const [noteTarget, setNoteTarget] = useState<NoteTarget | null>(null);
  // The dialog keeps showing its last user while it animates closed.
  const [lastNoteTarget, setLastNoteTarget] = useState<NoteTarget | null>(null);
  const userAction = useAction(userActionDef);
  const undelete = useAction({ ...serverUserAction, success: serverUserActionSuccess });

  const runUserAction = async (row: UserListItem, action: Exclude<RowActionKind, 'undelete'>, notes?: string) => {
    const body = { id: row.id, action, ...(notes !== undefined ? { notes } : {}) };
    const outcome = await userAction.run(body, { success: userActionSuccessText(action, userDisplayName(row)) });
    return outcome.ok;
  };

  const run = (kind: RowActionKind, row: UserListItem) => {
    if (kind === 'deactivate' || kind === 'reactivate') {
      const target = { row, action: kind };
      setNoteTarget(target);
      setLastNoteTarget(target);
      return;
    }
    if (kind === 'undelete') {
      void undelete.run({ id: row.id, action: 'undelete' });
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
      pending: userAction.pending,
      close: () => setNoteTarget(null),
      confirm: (notes: string) => void confirmNote(notes),
    },
  };
}
