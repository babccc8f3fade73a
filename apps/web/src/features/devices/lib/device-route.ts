/**
 * The device pages' address (001 §2.2): the kind from the route's parameter name (machineId or
 * mobileId), a usable id, and which sub-page is open (a deactivated device only has its own page).
 */
import { deviceIdField, type DeviceKind } from '@wayguard/contracts';

export function deviceFromParams(params: Record<string, string | undefined>): { kind: DeviceKind; id: string } | null {
  const kind: DeviceKind | null =
    params.machineId !== undefined ? 'machine' : params.mobileId !== undefined ? 'mobile' : null;
  if (!kind) return null;
  const parsed = deviceIdField.safeParse(kind === 'machine' ? params.machineId : params.mobileId);
  return parsed.success ? { kind, id: parsed.data } : null;
}

/** The sub-page below the device's own page ('settings', 'categories', …), or null on the page itself. */
export function deviceSubPage(pathname: string, kind: DeviceKind, id: string): string | null {
  const base = `/devices/${kind}/${encodeURIComponent(id)}`;
  const rest = pathname.replace(/\/+$/, '').slice(base.length);
  const page = /^\/([^/]+)/.exec(rest)?.[1];
  return page ?? null;
}
