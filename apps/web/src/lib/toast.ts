/** Toasts with the catalogue's durations: success 3 s, error 4 s (000 §8). */
import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@wayguard/contracts';

// Mantine's close button has no text of its own: name it (axe button-name).
const closeButtonProps = { 'aria-label': 'Close notification' };

export const toast = {
  success: (message: string) =>
    notifications.show({
      message,
      color: 'green',
      autoClose: TOAST_SUCCESS_MS,
      withCloseButton: true,
      closeButtonProps,
    }),
  error: (message: string) =>
    notifications.show({ message, color: 'red', autoClose: TOAST_ERROR_MS, withCloseButton: true, closeButtonProps }),
};
