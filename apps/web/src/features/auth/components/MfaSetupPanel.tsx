/**
 * Two-factor set-up (000 §4.1 step 4): the prompt, the QR code (a PNG data URL from the server), the
 * setup key for manual entry, and the refresh and copy actions.
 */
import { Button, Center, Code, Group, Image, Stack, Text } from '@mantine/core';
import { IconCopy, IconRefresh } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { copyQrCode } from '../lib/copy-qr-code';
import type { MfaSetup } from '../hooks/useLoginFlow';
import '@mantine/core/styles/Code.layer.css';

type Props = { setup: MfaSetup; refreshing: boolean; disabled: boolean; onRefresh: () => void };

export function MfaSetupPanel({ setup, refreshing, disabled, onRefresh }: Props) {
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
            w={180}
            h={180}
            radius="sm"
            style={{ imageRendering: 'pixelated', background: '#fff' }}
          />
        </Center>
      )}
      {setup.setupKey && (
        <Text size="sm">
          Or enter this setup key in the app:{' '}
          <Code data-testid="mfa-setup-key" fz="sm" style={{ wordBreak: 'break-all' }}>
            {setup.setupKey}
          </Code>
        </Text>
      )}
      <Group gap="sm" grow>
        <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} loading={refreshing} disabled={disabled && !refreshing} onClick={onRefresh}>
          Refresh QR code
        </Button>
        <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
          Copy QR code
        </Button>
      </Group>
    </Stack>
  );
}
