/**
 * The self-hosted captcha (ALTCHA proof of work): a checkbox "I'm not a robot" that, when ticked,
 * solves the challenge in the browser and hands the parent the payload for `recaptcha_response`.
 * Progress and outcome are announced through a polite live region.
 */
import { useId, useState } from 'react';
import { Checkbox, Group, Loader, Paper, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useCaptchaSolver } from './use-captcha-solver';

export const CAPTCHA_TEXT = {
  label: "I'm not a robot",
  verifying: 'Verifying…',
  verified: 'Verified',
  failed: 'Verification failed. Please try again.',
} as const;

type Props = {
  /** A challenge the server already sent (login); without it a fresh one is fetched. */
  challenge?: string | null;
  /** Called with the payload once solved. */
  onVerified: (payload: string) => void;
  /** A message from the form, e.g. that the check must be completed first. */
  error?: string | null;
};

type Phase = 'idle' | 'verifying' | 'verified' | 'failed';

export function Captcha({ challenge, onVerified, error }: Props) {
  const solver = useCaptchaSolver(challenge);
  const statusId = useId();
  // Set synchronously on the click, so the box never flickers back while the query layer catches up.
  const [phase, setPhase] = useState<Phase>('idle');
  const busy = phase === 'verifying';
  const done = phase === 'verified';

  const start = () => {
    if (busy || done) return;
    setPhase('verifying');
    solver.mutate(undefined, {
      onSuccess: (payload) => {
        setPhase('verified');
        onVerified(payload);
      },
      onError: () => setPhase('failed'),
    });
  };

  const status = busy
    ? CAPTCHA_TEXT.verifying
    : done
      ? CAPTCHA_TEXT.verified
      : phase === 'failed'
        ? CAPTCHA_TEXT.failed
        : '';
  const shownError = !busy && !done ? (error ?? null) : null;

  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Checkbox
          label={CAPTCHA_TEXT.label}
          checked={busy || done}
          indeterminate={busy}
          onChange={start}
          aria-describedby={statusId}
          aria-invalid={shownError ? true : undefined}
          error={shownError ?? undefined}
        />
        <Group gap={6} wrap="nowrap">
          {busy && <Loader size="xs" aria-hidden />}
          {done && <IconShieldCheck size={18} aria-hidden color="var(--mantine-color-green-8)" />}
          <Text
            id={statusId}
            size="sm"
            aria-live="polite"
            c={phase === 'failed' ? 'var(--mantine-color-error)' : undefined}
          >
            {status}
          </Text>
        </Group>
      </Group>
    </Paper>
  );
}
