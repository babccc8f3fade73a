/**
 * Cells every request table shows alike (001 §2.4): the For value ('Account list' when empty), a button
 * opening Request Devices when the thread was asked from several devices; and a decision's time ('—'
 * before one).
 */
import { UnstyledButton } from '@mantine/core';
import { TimeText } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import { forText } from '../lib/columns';

export function ForCell({
  value,
  isPopup,
  name,
  onOpen,
}: {
  value: string;
  isPopup: boolean;
  /** The row's subject, for the button's accessible name. */
  name: string;
  onOpen: () => void;
}) {
  if (!isPopup) return forText(value);
  return (
    <UnstyledButton
      onClick={onOpen}
      c="blue"
      td="underline"
      fz="sm"
      aria-haspopup="dialog"
      aria-label={`${forText(value)}: show the devices of ${name}`}
    >
      {forText(value)}
    </UnstyledButton>
  );
}

/** A time in unix seconds, or '—' when 0. */
export function TimeCell({ at }: { at: number }) {
  return at > 0 ? <TimeText unixSeconds={at}>{formatDateTime(at)}</TimeText> : '—';
}
