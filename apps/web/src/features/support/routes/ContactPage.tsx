/**
 * Contact Us (002 §2.13): the title, text and contact fields from GET /contact, each field with a
 * copy button. Public: the same page inside the shell (signed in) or the bare frame (signed out).
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { sessionMarker } from '../../../lib/session-marker';
import { useContact } from '../api/contact';
import { ContactFieldValue } from '../components/ContactFieldValue';
import { ContactSkeleton } from '../components/ContactSkeleton';
import { CopyFieldButton } from '../components/CopyFieldButton';
import { paths } from '../../../lib/paths';

export default function ContactPage() {
  usePageTitle('Contact Us');
  const contact = useContact();

  if (contact.isPending) return <ContactSkeleton />;
  if (contact.isError) {
    return (
      <Stack gap="md" align="flex-start">
        <Title order={1}>Contact Us</Title>
        <Alert color="red" variant="outline" icon={<IconAlertCircle aria-hidden="true" />} role="alert">
          The contact details could not be loaded. {contact.error.message}
        </Alert>
        <Button variant="default" onClick={() => void contact.refetch()} loading={contact.isFetching}>
          Try again
        </Button>
      </Stack>
    );
  }

  const { title, text, fields } = contact.data;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>{title}</Title>
      <Text>{text}</Text>
      <Paper withBorder p="md">
        <Stack component="dl" gap="md" m={0} data-testid="contact-fields">
          {fields.map((field, i) => (
            <div key={`${i}:${field.label}`} data-testid="contact-field">
              <Text component="dt" size="sm" fw={600}>
                {field.label}
              </Text>
              <Group component="dd" m={0} justify="space-between" wrap="nowrap" gap="md">
                <Text span style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  <ContactFieldValue field={field} />
                </Text>
                <CopyFieldButton label={field.label} value={field.value} />
              </Group>
            </div>
          ))}
        </Stack>
      </Paper>
      {sessionMarker.isSet() && (
        <Group>
          <Button
            component={Link}
            to={paths.support.feedback.href()}
            variant="default"
            leftSection={<IconMessage size={18} aria-hidden="true" />}
          >
            Send feedback
          </Button>
        </Group>
      )}
    </Stack>
  );
}
