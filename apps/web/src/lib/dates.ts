/**
 * Dates on the wire are unix seconds (UTC); the browser renders them in the user's own time zone
 * (the browser's), in the spec's format 'D MMM YYYY h:mma' (000 §9).
 */
import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'D MMM YYYY h:mma';
export const DATE_FORMAT = 'D MMM YYYY';

export function formatDateTime(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).format(DATE_TIME_FORMAT);
}

export function formatDate(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).format(DATE_FORMAT);
}

/** The browser's IANA time zone, e.g. 'Europe/London'. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
