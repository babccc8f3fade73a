/** Last-resort error screen for a route that threw while loading or rendering. */
import { Anchor, Button, Container, Stack, Text, Title } from '@mantine/core';
import { CORE_MSG } from '@wayguard/contracts';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { paths } from '../../lib/paths';

export function RouteError() {
  const error = useRouteError();
  usePageTitle('Error');
  // A chunk that fails to load after a deployment is fixed by a reload.
  const chunkFailed =
    error instanceof TypeError && /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <Container size="sm" py="xl">
      <Stack align="flex-start">
        <Title order={1}>
          {isRouteErrorResponse(error) && error.status === 404 ? CORE_MSG.notFound : 'Something went wrong'}
        </Title>
        <Text>{chunkFailed ? 'A new version of the console is available.' : CORE_MSG.somethingWrong}</Text>
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Anchor component={Link} to={paths.home.href()}>
          Go to the dashboard
        </Anchor>
      </Stack>
    </Container>
  );
}
