/**
 * When an approval ends (issue 11 'Approvals that expire'): '1h', 'today' (the end of today in the
 * account's time zone), '7d', '30d', 'permanent' (null), or a day YYYY-MM-DD (its end in the zone).
 */
import { REQUEST_MSG, type ApprovalExpiry } from '@wayguard/contracts';
import { badRequest } from '../../lib/http-errors.js';
import { perZoneFormat, wallClockMs } from '../../lib/zoned-time.js';

/** YYYY-MM-DD in a zone. */
const isoDay = perZoneFormat('en-CA', {});

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetAt(at: number, timeZone: string): number {
  return wallClockMs(at, timeZone) - Math.floor(at / 1000) * 1000;
}

/** The last second of the day (y, m, d) in the zone. */
function endOfDay(y: number, m: number, d: number, timeZone: string): Date {
  // The next midnight on the zone's wall clock, as an instant (the offset read again at the first guess).
  const wall = Date.UTC(y, m - 1, d + 1);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone) - 1000);
}

export function approvalEnd(expires: ApprovalExpiry | undefined, now: Date, timeZone: string): Date | null {
  const HOUR = 3_600_000;
  switch (expires) {
    case undefined:
    case 'permanent':
      return null;
    case '1h':
      return new Date(now.getTime() + HOUR);
    case '7d':
      return new Date(now.getTime() + 7 * 24 * HOUR);
    case '30d':
      return new Date(now.getTime() + 30 * 24 * HOUR);
    case 'today': {
      const [y, m, d] = isoDay(timeZone).format(now).split('-').map(Number);
      return endOfDay(y!, m!, d!, timeZone);
    }
    default: {
      const [y, m, d] = expires.split('-').map(Number);
      const end = endOfDay(y!, m!, d!, timeZone);
      if (Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) throw badRequest(REQUEST_MSG.expiryPast);
      return end;
    }
  }
}
