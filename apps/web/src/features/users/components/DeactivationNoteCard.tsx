/** The note given when the user was deactivated (000 §2.8), shown only for a deactivated user. */
import { Text } from '@mantine/core';
import type { UserDetails } from '@wayguard/contracts';
import { SectionCard } from '../../../components/SectionCard';

export function DeactivationNoteCard({ user }: { user: UserDetails }) {
  const info = user.deactivated_info;
  if (!info) return null;
  return (
    <SectionCard title="Deactivation Note" testId="deactivation-note">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {info.notes || 'No note was given.'}
      </Text>
    </SectionCard>
  );
}
