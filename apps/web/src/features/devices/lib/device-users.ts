/** The users seen on a device (001 §2.2): newest last_active first, and what kind of user each is. */
import type { DeviceUserKind } from '@wayguard/contracts';

export const USER_KIND_LABELS: Record<DeviceUserKind, string> = {
  user: 'Console user',
  server_user: 'Server user',
  local_user: 'Local user',
};

export function sortUsersByLastActive<U extends { last_active: number; name: string }>(users: readonly U[]): U[] {
  return [...users].sort((a, b) => b.last_active - a.last_active || a.name.localeCompare(b.name));
}
