/**
 * A dialog that stays open while its action is being sent (`pending`): Escape, the overlay and the close
 * button (labelled 'Close') do nothing until the server has answered. DialogActions: its Cancel and
 * submit buttons.
 */
import { Button, Group, Modal, type ButtonProps, type ModalProps } from '@mantine/core';

type Props = Omit<ModalProps, 'closeButtonProps'> & { pending: boolean };

export function BusyModal({ pending, onClose, ...props }: Props) {
  return (
    <Modal
      {...props}
      onClose={() => {
        if (!pending) onClose();
      }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    />
  );
}

type ActionsProps = {
  onCancel: () => void;
  pending: boolean;
  /** The submit button is disabled (the form is not ready). */
  disabled?: boolean;
  /** 'Submit' and 'Cancel' by default. */
  submitLabel?: string;
  cancelLabel?: string;
  color?: ButtonProps['color'];
};

/** A dialog form's Cancel (disabled while sending) and submit (spinning while sending) buttons. */
export function DialogActions({
  onCancel,
  pending,
  disabled,
  submitLabel = 'Submit',
  cancelLabel = 'Cancel',
  color,
}: ActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" color={color} disabled={disabled} loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
