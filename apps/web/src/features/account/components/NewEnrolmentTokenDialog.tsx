/**
 * New enrolment token (docs/decisions/devices.md "Enrolment tokens"): a name, how many devices it may enrol
 * and for how many days, and (issue 25) optionally the console user it is for (mobiles it enrols are
 * lent to the user); then the token itself, shown this once with a Copy button.
 */
import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  ENROLMENT_TOKEN,
  ENROLMENT_TOKEN_MSG,
  enrolmentTokenCreateRequest,
  type EnrolmentTokenCreateRequest,
} from '@wayguard/contracts';
import { ConsoleUserSelect } from '../../../components/ConsoleUserSelect';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useAction } from '../../../lib/use-action';
import { createEnrolmentTokenAction } from '../api/enrolment-tokens';
import { copyText } from '../lib/copy-text';

type Props = { opened: boolean; onClose: () => void };

export function NewEnrolmentTokenDialog({ opened, onClose }: Props) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    setSecret(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={secret ? 'Enrolment token created' : 'New enrolment token'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only, so every opening starts afresh. */}
      {secret ? <CreatedToken secret={secret} onDone={close} /> : <TokenForm onCreated={setSecret} onCancel={close} />}
    </Modal>
  );
}

function TokenForm({ onCreated, onCancel }: { onCreated: (secret: string) => void; onCancel: () => void }) {
  const create = useAction({ ...createEnrolmentTokenAction, errors: 'inline' });
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EnrolmentTokenCreateRequest>({
    mode: 'onTouched',
    resolver: zodResolver(enrolmentTokenCreateRequest),
    defaultValues: {
      label: '',
      max_uses: ENROLMENT_TOKEN.usesDefault,
      valid_days: ENROLMENT_TOKEN.daysDefault,
      user_id: null,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await create.run(values, { form });
    if (outcome.ok) onCreated(outcome.data.secret);
    else setFailure(outcome.message);
  });

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <FormErrorAlert message={failure} />
        <TextInput
          {...form.register('label')}
          label="Name"
          description="Where it will be used, e.g. 'Year 7 tablets'"
          required
          maxLength={ENROLMENT_TOKEN.labelMax}
          error={errors.label?.message}
          data-autofocus
        />
        <TextInput
          {...form.register('max_uses', { valueAsNumber: true })}
          label="Devices it may enrol"
          type="number"
          inputMode="numeric"
          min={1}
          max={ENROLMENT_TOKEN.usesMax}
          required
          error={errors.max_uses?.message}
        />
        <TextInput
          {...form.register('valid_days', { valueAsNumber: true })}
          label="Valid for (days)"
          type="number"
          inputMode="numeric"
          min={1}
          max={ENROLMENT_TOKEN.daysMax}
          required
          error={errors.valid_days?.message}
        />
        <Controller
          control={form.control}
          name="user_id"
          render={({ field }) => (
            <ConsoleUserSelect
              label="For a console user"
              description="Mobiles it enrols are lent to this user. Leave empty for shared devices."
              value={field.value ?? null}
              onChange={field.onChange}
              error={errors.user_id?.message}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={create.pending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.pending}>
            Create token
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function CreatedToken({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" role="status">
        {ENROLMENT_TOKEN_MSG.created}
      </Alert>
      <Code block data-testid="enrolment-token-secret" style={{ wordBreak: 'break-all' }}>
        {secret}
      </Code>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => void copyText(secret, 'Token copied')}>
          Copy token
        </Button>
        <Button onClick={onDone} data-autofocus>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
