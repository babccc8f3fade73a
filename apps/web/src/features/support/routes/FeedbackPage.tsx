/** Feedback (002 §2.14): the form, with name and e-mail prefilled from the session's registration info. */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useRegistrationInfo } from '../../../api/registration-info';
import { usePageTitle } from '../../../lib/page-title';
import { FeedbackForm } from '../components/FeedbackForm';

const HEADING_ID = 'feedback-heading';

export default function FeedbackPage() {
  usePageTitle('Feedback');
  const info = useRegistrationInfo();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} id={HEADING_ID} tabIndex={-1}>
        Feedback
      </Title>
      <Text>
        Tell us what works well and what could be better in the console. Screenshots and logs help us understand a
        problem: attach them below.
      </Text>
      <Paper withBorder p="lg">
        <FeedbackForm
          defaultName={info.user_full_name}
          defaultEmail={info.user_email}
          // After a send the form starts over; the heading takes focus from the disabled Send button.
          onSent={() => document.getElementById(HEADING_ID)?.focus()}
        />
      </Paper>
    </Stack>
  );
}
