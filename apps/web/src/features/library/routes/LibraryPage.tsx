/**
 * /library (000 §2.1): the bare-layout showcase of the console's building blocks, drawn with the
 * console's own theme: actions, form inputs, status texts, alerts and cards, each as the screens use
 * them. Sample content only: no data, no calls.
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  DEFAULT_THEME,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { MSG, USER_STATUS_LABELS } from '@wayguard/contracts';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';

const THEME_COLOURS = Object.keys(DEFAULT_THEME.colors);

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" withBorder padding="lg" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export default function LibraryPage() {
  usePageTitle('Library');
  const [saving, setSaving] = useState(false);
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={1}>Library</Title>
        <Text>
          The building blocks of the console, as its screens use them. See also{' '}
          <Anchor component={Link} to="/library/typography">
            Typography
          </Anchor>
          .
        </Text>
      </Stack>

      <Section title="Actions">
        <Group gap="sm">
          <Button>Save</Button>
          <Button variant="default">Cancel</Button>
          <Button color="red">Deactivate</Button>
          <Button disabled>Save (nothing to save)</Button>
        </Group>
        {/* The saving state on demand: a spinner that never stops would move for ever (WCAG 2.2.2). */}
        <Group gap="sm">
          <Button loading={saving}>Save</Button>
          <Switch label="Show the saving state" checked={saving} onChange={(e) => setSaving(e.currentTarget.checked)} />
        </Group>
      </Section>

      <Section title="Form inputs">
        <TextInput label="Username" description="5 to 32 characters" placeholder="Username" />
        <TextInput label="Email address" error={MSG.emailInvalid} defaultValue="not-an-address" />
        <Checkbox label="I have read and acknowledge the above" />
        <Switch label="Mobile App Access" description="The user can use the Wayguard mobile app." />
      </Section>

      <Section title="Statuses">
        <Group gap="sm">
          {Object.values(USER_STATUS_LABELS).map((label) => (
            <Badge key={label} variant="light">
              {label}
            </Badge>
          ))}
        </Group>
        {/* Status words on a filled badge, as "Test a website" shows a decision; then every theme colour
            filled, so that the page's contrast scan covers each one a screen may use (issue 26). */}
        <Group gap="sm">
          <Badge color="green">Allowed</Badge>
          <Badge color="red">Blocked</Badge>
        </Group>
        <Group gap="sm">
          {THEME_COLOURS.map((colour) => (
            <Badge key={colour} color={colour}>
              {colour}
            </Badge>
          ))}
        </Group>
      </Section>

      <Section title="Alerts">
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title="Information">
          The new site is still in development; some actions open the classic console.
        </Alert>
        {/* As the expired-password notice shows it: icon and text (a yellow title fails contrast). */}
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />}>
          {MSG.passwordExpired}
        </Alert>
        <Alert color="red" title="Error">
          {MSG.lastActionFailed}
        </Alert>
      </Section>
    </Stack>
  );
}
