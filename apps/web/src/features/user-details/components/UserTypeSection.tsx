/**
 * User Type (002 §4.2): tiles for Console Admin (41), Request Admin (261) and the Wayguard User (0).
 * The current tile is active; clicking another opens a confirmation ('Enable'); moving to the
 * Wayguard User confirms the removal of admin status. One's own type cannot change.
 */
import '@mantine/core/styles/SimpleGrid.layer.css';
import { useState } from 'react';
import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { MSG, type UserDetails } from '@wayguard/contracts';
import { userDisplayName } from '../../../components/users/user-labels';
import { USER_TYPE_OPTIONS, type UserTypeOption } from '../../../components/users/user-types';
import { toast } from '../../../lib/toast';
import { useUserOptions } from '../api/user-options';
import type { UserPageContext } from '../hooks/use-user-page';
import { showActionError, showRefusal } from '../../../lib/action-error';
import { ConfirmDialog } from './ConfirmDialog';
import { SectionCard } from './SectionCard';
import classes from './TypeTiles.module.css';

function typeNote(can: UserPageContext['can']): string | undefined {
  if (can.self) return 'You cannot change your own type.';
  if (!can.admin) return 'Only a Console Admin can change the type of a user.';
  return undefined;
}

export function UserTypeSection({ user, can }: Pick<UserPageContext, 'user' | 'can'>) {
  const options = useUserOptions();
  const [target, setTarget] = useState<UserTypeOption | null>(null);
  const current = user.type.type;
  const name = userDisplayName(user);

  const confirm = async () => {
    if (!target) return;
    try {
      const res = await options.mutateAsync({ id: user.id, type_id: target.id });
      if (!res.success) {
        showRefusal(res);
        return;
      }
      toast.success(MSG.lastActionSuccess);
      setTarget(null);
    } catch (e) {
      showActionError(e);
    }
  };

  return (
    <SectionCard title="User Type" description={typeNote(can)} testId="user-type-section">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" role="group" aria-label="User type">
        {USER_TYPE_OPTIONS.map((tile) => {
          const active = tile.type === current;
          const disabled = active || !can.changeType;
          return (
            <UnstyledButton
              key={tile.type}
              className={classes.tile}
              data-active={active || undefined}
              data-disabled={disabled || undefined}
              disabled={disabled}
              aria-pressed={active}
              onClick={() => setTarget(tile)}
              data-testid={`type-tile-${tile.type}`}
            >
              <Text fw={700}>{tile.label}</Text>
              <Text size="sm">{tile.description}</Text>
              {active && (
                <Badge
                  variant="filled"
                  mt="auto"
                  style={{ alignSelf: 'flex-start' }}
                  leftSection={<IconCircleCheck size={12} aria-hidden="true" />}
                >
                  Current type
                </Badge>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <TypeConfirmDialog
        user={user}
        name={name}
        target={target}
        pending={options.isPending}
        onClose={() => setTarget(null)}
        onConfirm={() => void confirm()}
      />
    </SectionCard>
  );
}

type DialogProps = {
  user: UserDetails;
  name: string;
  target: UserTypeOption | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

function TypeConfirmDialog({ user, name, target, pending, onClose, onConfirm }: DialogProps) {
  // Moving an admin to the Wayguard User takes their admin status away (002 §4.2).
  const removal = target?.type === 'console_user';
  return (
    <ConfirmDialog
      opened={target !== null}
      title={removal ? 'Remove admin status' : `Enable ${target?.label ?? ''}`}
      confirmLabel={removal ? 'Remove admin status' : 'Enable'}
      danger={removal}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {removal ? (
        <>
          {name} is a {user.type.name} now. Are you sure you want to remove their admin status? They will become a{' '}
          {target.label} and lose access to administration.
        </>
      ) : (
        <>
          {name} will become a {target?.label}: {target?.description.toLowerCase()}.
        </>
      )}
    </ConfirmDialog>
  );
}
