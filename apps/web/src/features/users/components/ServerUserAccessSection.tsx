/** Settings' User Access Section (002 §2.8, §2.10): the user's status and Delete User. */
import { Group, Text } from '@mantine/core';
import type { ServerUserDetails } from '@wayguard/contracts';
import { DeleteUserButton } from './DeleteUserButton';
import { SectionCard } from '../../../components/SectionCard';

export function UserAccessSection({ user, canManage }: { user: ServerUserDetails; canManage: boolean }) {
  return (
    <SectionCard title="User Access" testId="user-access">
      <Text size="sm">
        {canManage
          ? 'This user is active. A deleted user is shown as Deleted and keeps their settings, so you can undelete them later.'
          : 'This user is active. Only a Console Admin can delete this user.'}
      </Text>
      {canManage && (
        <Group>
          <DeleteUserButton user={user} />
        </Group>
      )}
    </SectionCard>
  );
}
