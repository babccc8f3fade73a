/** An activation link that cannot be used (wrong length, expired, refused): the reason and a way on. */
import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

export function ActivationLinkProblem({ message }: { message: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertCircle aria-hidden />}>
        {message}
      </Alert>
      <Button component={Link} to={paths.login.href()} variant="default" fullWidth>
        Go to login
      </Button>
    </Stack>
  );
}
