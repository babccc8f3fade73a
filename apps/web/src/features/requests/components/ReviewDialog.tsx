/**
 * Request review of a denied request (001 §1 escalation, §4, §5): a reason in a text area of 9 rows;
 * Submit is enabled only with at least 4 characters and nothing processing. Once only per request (the
 * row offers it while can_request_review).
 */
import { useState } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { PRODUCT_NAME, REQUEST_REASON_MAX } from '@wayguard/contracts';
import { canSubmitReview } from '../lib/approve-form';
import { BusyModal, DialogActions } from '../../../components/BusyModal';

type Props = {
  subject: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
};

export const REVIEW_ROWS = 9;

/** Mounted while open: its state starts afresh each time. */
export function ReviewDialog({ subject, pending, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  const ready = canSubmitReview(reason, pending);
  return (
    <BusyModal opened pending={pending} onClose={onClose} title="Request review">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) onConfirm(reason.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Ask the {PRODUCT_NAME} Team to review the denied request for <strong>{subject}</strong>. A request can be
            reviewed once only.
          </Text>
          <Textarea
            label="Reason"
            description="At least 4 characters"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            rows={REVIEW_ROWS}
            maxLength={REQUEST_REASON_MAX}
            required
            data-autofocus
          />
          <DialogActions onCancel={onClose} pending={pending} disabled={!ready} />
        </Stack>
      </form>
    </BusyModal>
  );
}
