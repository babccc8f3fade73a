/** Full-area loading indicator for lazy routes and data loads; the label is read by screen readers. */
import { Center, Loader, VisuallyHidden } from '@mantine/core';

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
