/**
 * The device pages' address (001 §2.2): which sub-page is open (a deactivated device only has its own
 * page). The device itself is read by lib/paths.ts `paths.devices.parse`.
 */
import type { DeviceKind } from '@wayguard/contracts';

/** The sub-page below the device's own page ('settings', 'categories', …), or null on the page itself. */
export function deviceSubPage(pathname: string, kind: DeviceKind, id: string): string | null {
  const base = `/devices/${kind}/${encodeURIComponent(id)}`;
  const rest = pathname.replace(/\/+$/, '').slice(base.length);
  const page = /^\/([^/]+)/.exec(rest)?.[1];
  return page ?? null;
}
