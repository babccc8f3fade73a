/**
 * Create User (000 §4.5, §5): username, type tiles and the user details, validated on blur; Create
 * is enabled once the form is valid. On success: 'User has been created', the dialog closes and the
 * list is refetched. A refusal (e.g. the username is taken) shows the server's text and keeps the form.
 */
import { useMemo } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, type RegistrationInfo } from '@wayguard/contracts';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { UserDetailsFields } from '../../../components/user-details/UserDetailsFields';
import type { UserDetailsFormInput, UserDetailsFormValues } from '../../../components/user-details/user-details-form';
import { useAction } from '../../../lib/use-action';
import { createUserAction } from '../api/create-user';
import {
  createUserForm,
  emptyCreateUser,
  toCreateUserRequest,
  type CreateUserFormInput,
  type CreateUserFormValues,
} from '../lib/create-user-form';
import { UserTypeTiles } from './UserTypeTiles';

export const CREATE_USER_TITLE = 'Create User';

type Props = {
  opened: boolean;
  onClose: () => void;
  timeZones: RegistrationInfo['time_zones'];
  countryCodes: RegistrationInfo['country_codes'];
};

export function CreateUserDialog({ opened, onClose, timeZones, countryCodes }: Props) {
  const create = useAction({ ...createUserAction, success: MSG.userCreated });
  const form = useForm<CreateUserFormInput, unknown, CreateUserFormValues>({
    mode: 'onBlur',
    resolver: zodResolver(createUserForm),
    defaultValues: emptyCreateUser(''),
  });
  const { isSubmitting } = form.formState;
  // Messages appear on blur, but Create follows every change: in onBlur mode react-hook-form's isValid
  // waits for a blur, so a form finished by picking from a select would need a second click.
  const values = useWatch({ control: form.control });
  const isValid = useMemo(() => createUserForm.safeParse(values).success, [values]);

  const close = () => {
    if (create.pending) return;
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    // A refusal naming fields (e.g. the username is taken) marks those inputs too.
    if ((await create.run(toCreateUserRequest(values), { form })).ok) onClose();
  });

  // The details fields are typed for the details form; this form has the same fields and two more.
  const detailsControl = form.control as unknown as Control<UserDetailsFormInput, unknown, UserDetailsFormValues>;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={CREATE_USER_TITLE}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
      transitionProps={{ onExited: () => form.reset(emptyCreateUser('')) }}
    >
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <Stack gap="md">
          <Controller
            control={form.control}
            name="username"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label="Username"
                autoComplete="off"
                required
                error={fieldState.error?.message}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="type_id"
            render={({ field }) => (
              <UserTypeTiles value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
            )}
          />
          <UserDetailsFields control={detailsControl} timeZones={timeZones} countryCodes={countryCodes} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={create.pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={!isValid || create.pending} loading={isSubmitting}>
              Create
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
