/**
 * Cells every request table shows alike (001 §2.4): the For value ('Account list' when empty), a button
 * opening what it counts when it is a popup (Request Devices, or the user or server connection list:
 * `popup`, issue 26); and a decision's time ('—' before one).
 */
import { UnstyledButton } from '@mantine/core';
import { TimeText } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import type { ForPopup } from '@wayguard/contracts';
import { forText } from '../lib/columns';

const POPUP_NOUN: Record<ForPopup, string> = { devices: 'devices', users: 'users', connections: 'server connections' };

export function ForCell({
  value,
  isPopup,
  popup = 'devices',
  name,
  onOpen,
}: {
  value: string;
  isPopup: boolean;
  /** What the popup lists (devices when not given: app rows). */
  popup?: ForPopup | undefined;
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
      aria-label={`${forText(value)}: show the ${POPUP_NOUN[popup]} of ${name}`}
    >
      {forText(value)}
    </UnstyledButton>
  );
}

/** A time in unix seconds, or '—' when 0. */
export function TimeCell({ at }: { at: number }) {
  return at > 0 ? <TimeText unixSeconds={at}>{formatDateTime(at)}</TimeText> : '—';
}
