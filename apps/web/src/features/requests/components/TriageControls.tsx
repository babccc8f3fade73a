/**
 * Keyboard triage on the pending list (issue 11): the 'Keyboard shortcuts' button and its help dialog
 * ('?' opens it too), the live region every triage step is announced in, and the shortcuts themselves
 * (hooks/use-triage.ts) acting on the table the page holds in `tableRef`. 'A' opens the approval for
 * the whole account (the default association) with focus on Approve; Shift+A the selected rows'.
 */
import { useRef, type RefObject } from 'react';
import { Button, VisuallyHidden } from '@mantine/core';
import { IconKeyboard } from '@tabler/icons-react';
import { pendingApproveOptions, type RequestItem } from '@wayguard/contracts';
import type { RowSelection } from '../../../components/list';
import { batchApproveDialog, type RequestDialog } from '../hooks/use-request-actions';
import { useTriage } from '../hooks/use-triage';
import { TriageHelpDialog } from './TriageHelpDialog';

type Props = {
  rows: RequestItem[] | undefined;
  selection: RowSelection;
  tableRef: RefObject<HTMLElement | null>;
  onDialog: (dialog: RequestDialog) => void;
};

export function TriageControls({ rows, selection, tableRef, onDialog }: Props) {
  const liveRef = useRef<HTMLDivElement>(null);
  const triage = useTriage({
    enabled: true,
    rows,
    selection,
    tableRef,
    liveRef,
    onApprove: (row) =>
      onDialog({
        kind: 'approve',
        rows: [row],
        option: pendingApproveOptions(row, null)[0]!,
        title: 'Approve request',
        withExpiry: true,
        batch: false,
        focusApprove: true,
      }),
    onApproveSelected: (chosen) => onDialog(batchApproveDialog(chosen, true)),
    onDeny: (row) => onDialog({ kind: 'deny', rows: [row], cancel: false }),
  });
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconKeyboard size={18} aria-hidden="true" />}
        aria-keyshortcuts="?"
        onClick={triage.openHelp}
      >
        Keyboard shortcuts
      </Button>
      <VisuallyHidden ref={liveRef} role="status" aria-live="polite" aria-atomic="true" data-testid="triage-live" />
      <TriageHelpDialog opened={triage.helpOpen} onClose={triage.closeHelp} />
    </>
  );
}
