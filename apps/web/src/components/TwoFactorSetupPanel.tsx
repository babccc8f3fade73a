/**
 * Two-factor set-up (000 §4.1 step 4, 002 §4.5), shown at sign-in and on one's own profile: the
 * prompt, the QR code (a PNG data URL from the server), the setup key for manual entry, and the
 * refresh and copy actions. The caller fetches the set-up and says whether a refresh is on its way.
 */
import { Button, Center, Code, Group, Image, Stack, Text } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { copyQrCode } from '../lib/copy-qr-code';
import { toast } from '../lib/toast';

/** The server renders the QR code at this width; showing it 1:1 keeps the modules crisp. */
const QR_SIZE = 200;

export type TwoFactorSetup = { qrCode: string | null; setupKey: string | null };

type Props = { setup: TwoFactorSetup; refreshing: boolean; disabled?: boolean; onRefresh: () => void };

export function TwoFactorSetupPanel({ setup, refreshing, disabled = false, onRefresh }: Props) {
  const copy = () =>
    copyQrCode(setup.qrCode, setup.setupKey).then(
      () => toast.success(MSG.qrCopied),
      () => toast.error(MSG.lastActionFailed),
    );

  return (
    <Stack gap="sm">
      <Text>{MSG.mfaSetupPrompt}</Text>
      {setup.qrCode && (
        <Center>
          <Image
            src={setup.qrCode}
            alt="QR code to scan with your authenticator app"
            w={QR_SIZE}
            h={QR_SIZE}
            fit="contain"
            radius="sm"
          />
        </Center>
      )}
      {setup.setupKey && (
        <Stack gap={4}>
          <Text size="sm">Or enter this setup key in the app:</Text>
          <Code
            block
            data-testid="mfa-setup-key"
            fz="sm"
            ta="center"
            style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}
          >
            {setup.setupKey}
          </Code>
        </Stack>
      )}
      <Group gap="sm" grow>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={refreshing}
          disabled={disabled && !refreshing}
          onClick={onRefresh}
        >
          Refresh QR code
        </Button>
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={() => void copy()}>
          Copy QR code
        </Button>
      </Group>
    </Stack>
  );
}
