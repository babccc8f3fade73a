/**
 * User Type (002 §4.2): tiles for Console Admin (41), Request Admin (261) and the Wayguard User (0).
 * The current tile is active; clicking another opens a confirmation ('Enable'); moving to the
 * Wayguard User confirms the removal of admin status. One's own type cannot change, and only a
 * Console Admin changes types.
 */
import { useState } from 'react';
import { Badge, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { userDisplayName } from '../lib/user-labels';
import { USER_TYPE_OPTIONS, type UserTypeOption } from '../lib/user-types';
import { useAction } from '../../../lib/use-action';
import { userOptionsAction } from '../api/user-options';
import type { UserPageContext } from '../hooks/use-user-page';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SectionCard } from '../../../components/SectionCard';
import classes from './TypeTiles.module.css';

function typeNote(can: UserPageContext['can']): string | undefined {
  if (can.self) return 'You cannot change your own type.';
  if (!can.admin) return 'Only a Console Admin can change the type of a user.';
  return undefined;
}

export function UserTypeSection({ user, can }: Pick<UserPageContext, 'user' | 'can'>) {
  const options = useAction({ ...userOptionsAction(), success: MSG.lastActionSuccess });
  // The choice stays after the dialog closes, so that its text does not change while it fades out.
  const [choice, setChoice] = useState<Choice | null>(null);
  const [opened, setOpened] = useState(false);
  const current = user.type.type;
  const name = userDisplayName(user);

  const confirm = async () => {
    if (!choice) return;
    if ((await options.run({ id: user.id, type_id: choice.target.id })).ok) setOpened(false);
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
              // aria-disabled rather than disabled: the tile stays focusable, so focus returns to it
              // when its dialog closes (it is the current type after a change) and can be found by keyboard.
              aria-disabled={disabled || undefined}
              aria-pressed={active}
              onClick={() => {
                if (disabled) return;
                setChoice({ target: tile, from: user.type.name, name });
                setOpened(true);
              }}
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
        choice={choice}
        opened={opened}
        pending={options.pending}
        onClose={() => setOpened(false)}
        onConfirm={() => void confirm()}
      />
    </SectionCard>
  );
}

/** The tile clicked, with the type and name the user had then. */
type Choice = { target: UserTypeOption; from: string; name: string };

type DialogProps = {
  choice: Choice | null;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

function TypeConfirmDialog({ choice, opened, pending, onClose, onConfirm }: DialogProps) {
  // Always mounted (empty until a tile is chosen): the modal returns focus to the tile only when it
  // has seen itself open, not when it mounts already open.
  const removal = choice?.target.type === 'console_user';
  return (
    <ConfirmDialog
      opened={opened}
      title={removal ? 'Remove admin status' : `Enable ${choice?.target.label ?? ''}`}
      confirmLabel={removal ? 'Remove admin status' : 'Enable'}
      danger={removal}
      pending={pending}
      onClose={onClose}
      onConfirm={onConfirm}
    >
      {choice && <TypeChangeText {...choice} />}
    </ConfirmDialog>
  );
}

function TypeChangeText({ target, from, name }: Choice) {
  // Moving an admin to the Wayguard User takes their admin status away (002 §4.2).
  if (target.type === 'console_user')
    return (
      <>
        {name} is a {from} now. Are you sure you want to remove their admin status? They will become a {target.label}{' '}
        and lose access to administration.
      </>
    );
  return (
    <>
      {name} will become a {target.label}: {target.description.toLowerCase()}.
    </>
  );
}
