/**
 * Deny, or cancel a request pending for the support team (001 §2.4, §4): an optional reason (shown in
 * the denied row's accordion) and, for pending rows, 'Prevent further requests' (deny_and_prevent_requests).
 */
import { useState } from 'react';
import { Checkbox, Stack, Text, Textarea } from '@mantine/core';
import { REQUEST_MSG, REQUEST_REASON_MAX } from '@wayguard/contracts';
import { BusyModal, DialogActions } from '../../../components/BusyModal';

type Props = {
  title: string;
  confirmLabel: string;
  /**
   * The dismiss button: 'Cancel', or 'Keep request' next to 'Cancel request' (two 'Cancel' buttons
   * are easy to confuse; 001 quotes neither).
   */
  dismissLabel?: string;
  subject: string;
  /** Pending rows offer 'Prevent further requests'. */
  withPrevent: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (choice: { reason: string; prevent: boolean }) => void;
};

/** Mounted while open: its state starts afresh each time. */
export function DenyDialog({
  title,
  confirmLabel,
  dismissLabel = 'Cancel',
  subject,
  withPrevent,
  pending,
  onClose,
  onConfirm,
}: Props) {
  const [reason, setReason] = useState('');
  const [prevent, setPrevent] = useState(false);
  return (
    <BusyModal opened pending={pending} onClose={onClose} title={title}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!pending) onConfirm({ reason: reason.trim(), prevent });
        }}
      >
        <Stack gap="md">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {subject}
          </Text>
          <Textarea
            label="Reason (optional)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={REQUEST_REASON_MAX}
            autosize
            minRows={3}
            data-autofocus
          />
          {withPrevent && (
            <Checkbox
              label={REQUEST_MSG.preventFurther}
              checked={prevent}
              onChange={(e) => setPrevent(e.currentTarget.checked)}
            />
          )}
          <DialogActions
            onCancel={onClose}

            pending={pending}

            cancelLabel={dismissLabel}

            submitLabel={confirmLabel}

            color="red"
          />
        </Stack>
      </form>
    </BusyModal>
  );
}
