/**
 * Deny with notes (issue 11): the notes go to the account's administrators with the denial; Submit is
 * enabled with at least 4 characters (as the review reason, 001 §8). The caller sends the decision and
 * closes the dialog when it succeeds.
 */
import { useEffect } from 'react';
import { Stack, Text, Textarea } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { PROVIDER_MSG, PROVIDER_NOTES_MAX, providerDenyForm, type ProviderDenyForm } from '@wayguard/contracts';
import { useForm } from 'react-hook-form';
import { BusyModal, DialogActions } from '../../../components/BusyModal';

type Props = {
  /** The request's website or media title; null: closed. */
  subject: string | null;
  account: string;
  pending: boolean;
  onClose: () => void;
  onSubmit: (notes: string) => void;
};

export function DenyDialog({ subject, account, pending, onClose, onSubmit }: Props) {
  const form = useForm<ProviderDenyForm>({
    mode: 'onChange',
    resolver: zodResolver(providerDenyForm),
    defaultValues: { notes: '' },
  });
  const { reset } = form;
  const { isValid, errors, touchedFields } = form.formState;
  const opened = subject !== null;

  useEffect(() => {
    if (opened) reset({ notes: '' });
  }, [opened, reset]);

  return (
    <BusyModal opened={opened} pending={pending} onClose={onClose} title={PROVIDER_MSG.denyTitle}>
      <form noValidate onSubmit={form.handleSubmit((v) => onSubmit(v.notes))}>
        <Stack gap="md">
          <Text size="sm">
            Deny {subject} for {account}.
          </Text>
          <Textarea
            {...form.register('notes')}
            label={PROVIDER_MSG.notesLabel}
            description={PROVIDER_MSG.notesHint}
            required
            autosize
            minRows={4}
            maxLength={PROVIDER_NOTES_MAX}
            error={touchedFields.notes ? errors.notes?.message : undefined}
            data-autofocus
          />
          <DialogActions onCancel={onClose} pending={pending} disabled={!isValid} color="red" />
        </Stack>
      </form>
    </BusyModal>
  );
}
