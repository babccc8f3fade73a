/**
 * The Deactivate / Reactivate confirmation with a note (000 §4.4, 002 §4.1): Confirm is enabled only
 * when the note has at least 3 characters. Shared by the users list and the user pages; the caller
 * runs the action (POST /users) and closes the dialog when it succeeds.
 */
import { useEffect } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { USER_NOTE_MAX, userNoteForm } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { BusyModal } from '../../../components/BusyModal';

export type NoteAction = 'deactivate' | 'reactivate';

type Props = {
  opened: boolean;
  action: NoteAction;
  /** How the dialog names the user (userDisplayName). */
  userName: string;
  pending: boolean;
  onClose: () => void;
  onConfirm: (notes: string) => void;
};

const TEXT: Record<NoteAction, { title: string; body: (name: string) => string }> = {
  deactivate: {
    title: 'Deactivate user',
    body: (name) => `${name} will be signed out and will no longer be able to sign in. Please add a note.`,
  },
  reactivate: {
    title: 'Reactivate user',
    body: (name) => `${name} will get back the status they had before they were deactivated. Please add a note.`,
  },
};

type NoteForm = { notes: string };

export function UserNoteDialog({ opened, action, userName, pending, onClose, onConfirm }: Props) {
  const form = useForm<NoteForm>({
    mode: 'onTouched',
    resolver: zodResolver(userNoteForm),
    defaultValues: { notes: '' },
  });
  const { reset } = form;
  const { isValid, errors } = form.formState;

  useEffect(() => {
    if (opened) reset({ notes: '' });
  }, [opened, reset]);

  const text = TEXT[action];
  return (
    <BusyModal opened={opened} pending={pending} onClose={onClose} title={text.title}>
      <form noValidate onSubmit={form.handleSubmit((v) => onConfirm(v.notes))}>
        <Stack gap="md">
          <Text size="sm">{text.body(userName)}</Text>
          <Textarea
            {...form.register('notes')}
            label="Note"
            required
            autosize
            minRows={3}
            maxLength={USER_NOTE_MAX}
            error={errors.notes?.message}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button
              type="submit"
              color={action === 'deactivate' ? 'red' : undefined}
              disabled={!isValid}
              loading={pending}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      </form>
    </BusyModal>
  );
}
