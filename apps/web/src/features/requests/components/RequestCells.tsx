/**
 * Cells every request table shows alike (001 §2.4): the For value ('Account list' when empty), a button
 * opening what it counts when it is a popup (Request Devices, or the user or server connection list:
 * `popup`, issue 26); a decision's time ('—' before one); and (issue 26) the 'Not blocked now' marker of
 * a pending row its device's web access allows now.
 */
import { Badge, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { TimeText } from '../../../components/list';
import { formatDateTime } from '../../../lib/dates';
import type { ForPopup, RequestItem } from '@wayguard/contracts';
import { allowedNowMarker, forText } from '../lib/columns';

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

/**
 * 'Not blocked now' beside a pending row's subject that nothing blocks (issue 26): what allows it is
 * the tooltip (on hover and keyboard focus) and is read to screen readers with the marker.
 */
export function AllowedNowBadge({ row }: { row: Pick<RequestItem, 'state' | 'allowed_now'> }) {
  const marker = allowedNowMarker(row);
  if (!marker) return null;
  return (
    <Tooltip label={marker.because} multiline w={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color="teal.9"
        variant="filled"
        tt="none"
        size="md"
        tabIndex={0}
        data-testid="allowed-now"
        style={{ flexShrink: 0, overflow: 'visible' }}
        styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
      >
        {marker.label}
        <VisuallyHidden>: {marker.because}</VisuallyHidden>
      </Badge>
    </Tooltip>
  );
}
