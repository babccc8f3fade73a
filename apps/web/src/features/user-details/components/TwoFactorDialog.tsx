/**
 * Turning two-factor sign-in on (002 §4.5): POST /profile/2fa/setup gives the QR code and setup key;
 * a 6-digit code from the app (Verify is enabled only with exactly 6 digits) goes to
 * POST /profile/2fa/verify. A wrong code reads 'Something went wrong. Please enter correct 2FA code'.
 */
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Code.layer.css';
import { useCallback, useEffect, useState } from 'react';
import { Button, Center, Code, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { MFA_CODE_LENGTH, MSG, twoFactorVerifyRequest, type TwoFactorSetupResponse } from '@wayguard/contracts';
import { useForm, useWatch } from 'react-hook-form';
import { PageLoader } from '../../../components/PageLoader';
import { showActionError } from '../../../lib/action-error';
import { toast } from '../../../lib/toast';
import { useTwoFactorSetup } from '../api/two-factor-setup';
import { useTwoFactorVerify } from '../api/two-factor-verify';
import { errorText } from '../lib/action-error';
import { FormErrorAlert } from './FormErrorAlert';

/** The server renders the QR code at this width; shown 1:1 it stays crisp. */
const QR_SIZE = 200;
const SIX_DIGITS = new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`);

type Props = { opened: boolean; onClose: () => void };

export function TwoFactorDialog({ opened, onClose }: Props) {
  const verify = useTwoFactorVerify();
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!verify.isPending) onClose();
      }}
      title="Set up two-factor authentication"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted while open only: every opening fetches the set-up and starts with an empty code. */}
      <TwoFactorSetupForm verify={verify} onClose={onClose} />
    </Modal>
  );
}

type FormProps = { verify: ReturnType<typeof useTwoFactorVerify>; onClose: () => void };

function TwoFactorSetupForm({ verify, onClose }: FormProps) {
  const setup = useTwoFactorSetup();
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
  const { mutate: requestSetup } = setup;
  const load = useCallback(
    (refresh: boolean) => requestSetup(refresh, { onSuccess: setData, onError: refresh ? showActionError : undefined }),
    [requestSetup],
  );

  useEffect(() => load(false), [load]);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const res = await verify.mutateAsync(values.pin);
      if (!res.success) {
        setFailure(res.error || MSG.mfaWrongCode);
        return;
      }
      toast.success(MSG.lastActionSuccess);
      onClose();
    } catch (e) {
      setFailure(errorText(e));
    }
  });

  if (setup.isError && !data) return <FormErrorAlert message={errorText(setup.error)} />;
  if (!data) return <PageLoader label="Loading the QR code" />;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <Text size="sm">{MSG.mfaSetupPrompt}</Text>
        <Center>
          <Image
            src={data.qr_code}
            alt="QR code to scan with your authenticator app"
            w={QR_SIZE}
            h={QR_SIZE}
            fit="contain"
            radius="sm"
          />
        </Center>
        <Stack gap={4}>
          <Text size="sm">Or enter this setup key in the app:</Text>
          <Code
            block
            data-testid="mfa-setup-key"
            fz="sm"
            ta="center"
            style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
          >
            {data.setup_key}
          </Code>
        </Stack>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          loading={setup.isPending}
          onClick={() => load(true)}
        >
          Refresh QR code
        </Button>
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
          <Button variant="default" onClick={onClose} disabled={verify.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={!SIX_DIGITS.test(pin)} loading={verify.isPending}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
