/**
 * A value with a Copy button that confirms with the spec's text ('Serial number copied', 001 §2.2); a
 * missing value reads '---' and has nothing to copy.
 */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';
import { orMissing } from '../lib/device-labels';

type Props = { value: string; label: string; confirmation: string };

export function CopyValue({ value, label, confirmation }: Props) {
  const shown = orMissing(value);
  if (!value.trim()) return <>{shown}</>;
  const copy = () => {
    // The Clipboard API needs a secure context (https or localhost); otherwise it is missing.
    const writing = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    writing.then(
      () => toast.success(confirmation),
      () => toast.error(MSG.somethingWrong),
    );
  };
  return (
    <Group gap={6} wrap="nowrap" align="center">
      <span style={{ overflowWrap: 'anywhere' }}>{shown}</span>
      <Tooltip label={`Copy ${label}`}>
        <ActionIcon variant="subtle" size="sm" aria-label={`Copy ${label}`} onClick={copy}>
          <IconCopy size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
