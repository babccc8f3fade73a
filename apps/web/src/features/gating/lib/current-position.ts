/**
 * The browser's position for the agreement record (000 §3.2): null when refused, unavailable or
 * slower than the time limit, so accepting never waits more than a few seconds.
 */
export type Position = { longitude: number; latitude: number };

export const GEOLOCATION_TIMEOUT_MS = 3_000;

export function currentPosition(timeoutMs = GEOLOCATION_TIMEOUT_MS): Promise<Position | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    const done = (value: Position | null) => {
      window.clearTimeout(timer);
      resolve(value);
    };
    try {
      navigator.geolocation.getCurrentPosition(
        (p) => done({ longitude: p.coords.longitude, latitude: p.coords.latitude }),
        () => done(null),
        { timeout: timeoutMs, maximumAge: 10 * 60_000, enableHighAccuracy: false },
      );
    } catch {
      done(null);
    }
  });
}
