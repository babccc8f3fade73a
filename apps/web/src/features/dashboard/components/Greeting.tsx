/** The dashboard's greeting: the signed-in user's full name and e-mail (000 §2.3). */
import { Card, Stack, Text, Title } from '@mantine/core';

type Props = { fullName: string; email: string; companyName: string };

export function Greeting({ fullName, email, companyName }: Props) {
  return (
    <Card withBorder padding="md" h="100%" data-testid="greeting">
      <Stack gap={4} justify="center" h="100%">
        <Title order={1} size="h2">
          Welcome, {fullName}
        </Title>
        <Text size="sm" c="dimmed">
          Signed in as {email}
        </Text>
        {companyName && <Text size="sm">{companyName}</Text>}
      </Stack>
    </Card>
  );
}
