/**
 * The Terms of Use gate (000 §4.2): blocks the app until the user accepts or declines. Accept works
 * only after reading to the end; pressing it earlier explains why, next to the button. Declining ends
 * the session.
 */
import { useCallback, useId, useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { MSG } from '@wayguard/contracts';
import { useEndSession } from '../../../lib/end-session';
import { useAction } from '../../../lib/use-action';
import { agreementAction } from '../api/agreement';
import { currentPosition } from '../lib/current-position';
import { AgreementText } from '../../../components/agreement/AgreementText';

type Props = { agreementId: number; title: string; content: string };

const nowSeconds = () => Math.floor(Date.now() / 1000);

export function TermsOfUseModal({ agreementId, title, content }: Props) {
  const [readToEnd, setReadToEnd] = useState(false);
  const [showScrollError, setShowScrollError] = useState(false);
  const [locating, setLocating] = useState(false);
  const answer = useAction({
    ...agreementAction,
    success: (_, body) => (body.result === 'accept' ? MSG.termsAccepted : null),
  });
  const endSession = useEndSession();
  const errorId = useId();
  const onReachedEnd = useCallback(() => {
    setReadToEnd(true);
    setShowScrollError(false);
  }, []);

  const accept = async () => {
    if (!readToEnd) {
      setShowScrollError(true);
      return;
    }
    setLocating(true);
    const geolocation = await currentPosition();
    setLocating(false);
    await answer.run({ id: agreementId, result: 'accept', captured: nowSeconds(), geolocation });
  };

  const decline = async () => {
    // Signed out whatever the server answers: no failure toast.
    await answer.run(
      { id: agreementId, result: 'decline', captured: nowSeconds(), geolocation: null },
      { quiet: true },
    );
    await endSession();
  };

  const busy = locating || answer.pending;
  return (
    <Modal
      opened
      onClose={() => undefined}
      title={title}
      size="lg"
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      overlayProps={{ backgroundOpacity: 0.45, blur: 4 }}
      data-testid="terms-modal"
    >
      <Stack gap="md">
        <Text size="sm">
          Please read the Terms of Use to the end, then accept them to continue. Declining signs you out.
        </Text>
        <AgreementText content={content} label={`${title} text`} onReachedEnd={onReachedEnd} />
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text id={errorId} size="sm" c="var(--mantine-color-error)" role="alert" style={{ flex: 1, minWidth: 200 }}>
            {showScrollError ? MSG.agreementScroll : ''}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => void decline()} disabled={busy}>
              Decline
            </Button>
            <Button
              onClick={() => void accept()}
              loading={busy}
              aria-describedby={showScrollError ? errorId : undefined}
            >
              Accept
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
