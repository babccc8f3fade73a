/**
 * Per-device rate limits on every device route (issue 25; lib/device-rate-limits.ts): checked right after
 * the device secret (an onRequest hook of the device API's scope, app.ts), before the body is read. Every
 * device route counts against the device's `all` bucket, and a route declaring `config.deviceLimit`
 * against that class's too; past either the answer is 429 'slow_down' with Retry-After.
 */
import type { onRequestAsyncHookHandler } from 'fastify';
import { sendRetryLater } from '../lib/agent-retry.js';
import {
  createDeviceRateLimiter,
  DEVICE_RATE_LIMITS,
  type DeviceRateClass,
  type DeviceRateLimiter,
} from '../lib/device-rate-limits.js';

export function limitDevices(
  limiter: DeviceRateLimiter = createDeviceRateLimiter(DEVICE_RATE_LIMITS),
): onRequestAsyncHookHandler {
  return async (request, reply) => {
    const device = request.device;
    if (!device) return;
    const narrower = request.routeOptions.config?.deviceLimit;
    const classes: DeviceRateClass[] = narrower ? ['all', narrower] : ['all'];
    const wait = limiter.take(device.id, classes);
    if (wait > 0) return sendRetryLater(reply, 'slow_down', wait);
  };
}
