/** What a list shows when its first page could not be loaded: the screen's text and Try again. */
import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type Props = {
  /** e.g. 'The users could not be loaded'. */
  title: string;
  onRetry: () => void;
};

export function ListLoadError({ title, onRetry }: Props) {
  return (
    <Alert color="red" variant="outline" icon={<IconAlertCircle aria-hidden="true" />} title={title}>
      <Button variant="default" size="xs" mt="xs" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
