import { describe, expect, it } from 'vitest';
import { perZoneFormat, wallClockMs } from './zoned-time.js';

const at = (iso: string) => Date.parse(iso);

describe('wall clock in a zone', () => {
  it('gives the digits of the zone, across daylight saving, whichever zone was asked first', () => {
    expect(wallClockMs(at('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(at('2026-07-01T13:00:00Z'));
    expect(wallClockMs(at('2026-01-01T12:00:00Z'), 'Europe/London')).toBe(at('2026-01-01T12:00:00Z'));
    expect(wallClockMs(at('2026-03-29T01:30:00Z'), 'Europe/London')).toBe(at('2026-03-29T02:30:00Z'));
    expect(wallClockMs(at('2026-07-01T12:00:00Z'), 'Asia/Tokyo')).toBe(at('2026-07-01T21:00:00Z'));
    expect(wallClockMs(at('2026-07-01T12:00:00Z'), 'Europe/London')).toBe(at('2026-07-01T13:00:00Z'));
    // Midnight is hour 00, not 24; seconds are kept, milliseconds dropped.
    expect(wallClockMs(at('2026-01-01T23:00:05.900Z'), 'Europe/Paris')).toBe(at('2026-01-02T00:00:05Z'));
  });

  it('keeps one format per zone, and refuses a zone that does not exist', () => {
    const day = perZoneFormat('en-GB', { day: 'numeric', month: 'long' });
    expect(day('UTC')).toBe(day('UTC'));
    expect(day('Asia/Tokyo')).not.toBe(day('UTC'));
    expect(day('Asia/Tokyo').format(new Date('2026-01-01T20:00:00Z'))).toBe('2 January');
    expect(day('UTC').format(new Date('2026-01-01T20:00:00Z'))).toBe('1 January');
    expect(() => wallClockMs(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => day('Mars/Olympus')).toThrow(RangeError);
  });
});
