/**
 * A time in a list cell: the text given (a date, 'Today', '3 days ago'), marked up as <time> with the
 * exact moment, which a pointer user sees as a tooltip in the spec's 'D MMM YYYY h:mma' format, in the
 * browser's time zone (000 §9).
 */
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../lib/dates';

type Props = { unixSeconds: number; children: ReactNode };

export function TimeText({ unixSeconds, children }: Props) {
  return (
    <time
      dateTime={dayjs.unix(unixSeconds).toISOString()}
      title={formatDateTime(unixSeconds)}
      style={{ whiteSpace: 'nowrap' }}
    >
      {children}
    </time>
  );
}
