/**
 * The toasts' container, in a module of its own so that AppProviders can load it after the first
 * paint: importing it from '@mantine/notifications' directly would make the bundler keep the whole
 * package (its index) in one chunk with the store that lib/toast.ts needs at once.
 */
import { Notifications } from '@mantine/notifications';

export default function ToastContainer() {
  return <Notifications position="top-right" />;
}
