/** Copies a contact field's value and confirms with '{label} data copied' (002 §2.13, §8). */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { MSG } from '@wayguard/contracts';
import { toast } from '../../../lib/toast';

export function CopyFieldButton({ label, value }: { label: string; value: string }) {
  const copy = () => {
    // The Clipboard API needs a secure context (https or localhost); otherwise it is missing.
    const writing = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
    writing.then(
      () => toast.success(MSG.dataCopied(label)),
      () => toast.error(MSG.somethingWrong),
    );
  };
  return (
    <Tooltip label={`Copy ${label}`}>
      <ActionIcon variant="default" size="lg" aria-label={`Copy ${label}`} onClick={copy}>
        <IconCopy size={18} aria-hidden="true" />
      </ActionIcon>
    </Tooltip>
  );
}
