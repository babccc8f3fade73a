/**
 * Toasts with the catalogue's durations: success 3 s, error 4 s (000 §8). A screen whose spec names
 * another duration or width passes it (the request result toasts: 3000 ms, at most 700 px wide, 001 §8).
 * Mantine's notifications are a live region: each toast is announced to screen readers.
 */
import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@wayguard/contracts';

// Mantine's close button has no text of its own: name it (axe button-name).
const closeButtonProps = { 'aria-label': 'Close notification' };

export type ToastOptions = { durationMs?: number; maxWidth?: number };

function show(message: string, color: 'green' | 'red', defaultMs: number, opts: ToastOptions) {
  return notifications.show({
    message,
    color,
    autoClose: opts.durationMs ?? defaultMs,
    withCloseButton: true,
    closeButtonProps,
    ...(opts.maxWidth !== undefined ? { style: { maxWidth: opts.maxWidth } } : {}),
  });
}

export const toast = {
  success: (message: string, opts: ToastOptions = {}) => show(message, 'green', TOAST_SUCCESS_MS, opts),
  error: (message: string, opts: ToastOptions = {}) => show(message, 'red', TOAST_ERROR_MS, opts),
};
