/**
 * Per-device rate limits of the device-facing API (issue 25; docs/decisions/devices.md "Device API limits (issue 25)"):
 * a token bucket per (device, route class), kept in the process's memory. Every device route counts against `all`; a
 * route may also name one narrower class (`config.deviceLimit`). A bucket holds a minute's calls and refills
 * continuously, so a device may burst up to its minute's quota and then call at the steady rate. With several server
 * processes each keeps its own buckets: a device spread over N processes gets at most N times its quota, which still
 * bounds it.
 */

/** Calls per minute per device, per route class. */
export const DEVICE_RATE_LIMITS = {
  /** Every device route together (a check-in every few minutes, policy, commands, inventory ...). */
  all: 120,
  /** Asks for access (POST /requests): each one may open a thread and a line on the timeline. */
  asks: 10,
  /** Alert batches (POST /events; up to 100 events each). */
  events: 20,
  /** Block pages issued (POST /block-page): one per blocked page the browser opens. */
  pages: 60,
} as const;
export type DeviceRateClass = keyof typeof DEVICE_RATE_LIMITS;

/** The most buckets kept; past it the least recently used are forgotten (they would be full again). */
export const DEVICE_BUCKETS_MAX = 100_000;

type Bucket = { tokens: number; at: number };

export type DeviceRateLimiter = {
  /** Takes one call from each class's bucket; the seconds to wait when one is empty (nothing taken), or 0. */
  take(deviceId: number, classes: readonly DeviceRateClass[], now?: number): number;
  /** Buckets held (for tests). */
  size(): number;
};

export function createDeviceRateLimiter(
  limits: Readonly<Record<DeviceRateClass, number>> = DEVICE_RATE_LIMITS,
  maxBuckets = DEVICE_BUCKETS_MAX,
  /** The time in ms (tests hold it still). */
  clock: () => number = Date.now,
): DeviceRateLimiter {
  // A Map iterates in insertion order: deleting and setting again on use keeps it least-recently-used first.
  const buckets = new Map<string, Bucket>();

  const refilled = (key: string, perMinute: number, now: number): Bucket => {
    const b = buckets.get(key);
    const tokens = b ? Math.min(perMinute, b.tokens + ((now - b.at) / 60_000) * perMinute) : perMinute;
    buckets.delete(key);
    const fresh = { tokens, at: now };
    buckets.set(key, fresh);
    return fresh;
  };

  return {
    take(deviceId, classes, now = clock()) {
      const held = classes.map((c) => ({ b: refilled(`${c}:${deviceId}`, limits[c], now), perMinute: limits[c] }));
      while (buckets.size > maxBuckets) buckets.delete(buckets.keys().next().value!);
      const wait = Math.max(
        0,
        ...held.map(({ b, perMinute }) => (b.tokens >= 1 ? 0 : ((1 - b.tokens) * 60) / perMinute)),
      );
      if (wait > 0) return Math.max(1, Math.ceil(wait));
      for (const { b } of held) b.tokens -= 1;
      return 0;
    },
    size: () => buckets.size,
  };
}
