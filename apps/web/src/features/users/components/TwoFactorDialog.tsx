/**
 * Turning two-factor sign-in on (002 §4.5): POST /profile/2fa/setup gives the QR code and setup key;
 * a 6-digit code from the app (Verify is enabled only with exactly 6 digits) goes to
 * POST /profile/2fa/verify. A wrong code reads 'Something went wrong. Please enter correct 2FA code'.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MFA_CODE_LENGTH,
  MSG,
  twoFactorVerifyRequest,
  type TwoFactorSetupResponse,
  type TwoFactorVerifyResponse,
} from '@wayguard/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { PageLoader } from '../../../components/PageLoader';
import { TwoFactorSetupPanel } from '../../../components/TwoFactorSetupPanel';
import { toast } from '../../../lib/toast';
import { useAction } from '../../../lib/use-action';
import { twoFactorSetupAction } from '../api/two-factor-setup';
import { twoFactorVerifyAction } from '../api/two-factor-verify';

const SIX_DIGITS = new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`);

type Props = { opened: boolean; onClose: () => void };

export function TwoFactorDialog({ opened, onClose }: Props) {
  const verify = useAction({
    ...twoFactorVerifyAction,
    success: MSG.lastActionSuccess,
    errors: 'inline',
    refusalText: MSG.mfaWrongCode,
  });
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!verify.pending) onClose();
      }}
      title="Set up two-factor authentication"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only: every opening fetches the set-up and starts with an empty code. */}
      <TwoFactorSetupForm verify={verify} onClose={onClose} />
    </Modal>
  );
}

type FormProps = { verify: ReturnType<typeof useAction<string, TwoFactorVerifyResponse>>; onClose: () => void };

function TwoFactorSetupForm({ verify, onClose }: FormProps) {
  // The first load's failure shows inline; a refresh's as a toast, with the last set-up still shown.
  const setup = useAction({ ...twoFactorSetupAction, errors: 'inline' });
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<{ pin: string }>({
    mode: 'onTouched',
    resolver: zodResolver(twoFactorVerifyRequest),
    defaultValues: { pin: '' },
  });
  const pin = useWatch({ control: form.control, name: 'pin' });
  const { errors } = form.formState;
  // The last set-up stays on screen while a refresh is on its way.
  const [data, setData] = useState<TwoFactorSetupResponse | null>(null);
  const { run: requestSetup } = setup;
  const load = useCallback(
    (refresh: boolean) =>
      requestSetup(refresh).then((outcome) => {
        if (outcome.ok) setData(outcome.data);
        else if (!refresh) setLoadFailure(outcome.message ?? MSG.somethingWrong);
        else if (outcome.message) toast.error(outcome.message);
      }),
    [requestSetup],
  );

  useEffect(() => {
    void load(false);
  }, [load]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const outcome = await verify.run(values.pin);
    if (outcome.ok) onClose();
    else setFailure(outcome.message ?? MSG.somethingWrong);
  });

  if (loadFailure && !data) return <FormErrorAlert message={loadFailure} />;
  if (!data) return <PageLoader label="Loading the QR code" />;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <TwoFactorSetupPanel
          setup={{ qrCode: data.qr_code, setupKey: data.setup_key }}
          refreshing={setup.pending}
          onRefresh={() => void load(true)}
        />
        <FormErrorAlert message={failure} />
        <TextInput
          {...form.register('pin')}
          label="Authentication code"
          description={MSG.mfaPrompt}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={MFA_CODE_LENGTH}
          error={errors.pin?.message}
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={verify.pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!SIX_DIGITS.test(pin)} loading={verify.pending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
