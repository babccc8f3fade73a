/**
 * The node a web-access page is about (002 §2.3-2.5, §2.9): a device (machine or mobile, by serial)
 * or a server user (by id), read from the page's address, and where a load error sends the visitor
 * (a device's pages: the devices list, as the device layout does; a server user's: /users, 002 §8).
 */
import { deviceIdField, type NodeType } from '@wayguard/contracts';
import { parseRouteId, paths } from '../../../lib/paths';

export type WebAccessNode = { type: NodeType; id: string };

/** The node of the route's parameters (machineId, mobileId or serverUserId), or null when unusable. */
export function nodeFromParams(params: Record<string, string | undefined>): WebAccessNode | null {
  if (params.serverUserId !== undefined) {
    const id = parseRouteId(params.serverUserId);
    return id === null ? null : { type: 'server_user', id: String(id) };
  }
  const type = params.machineId !== undefined ? 'machine' : params.mobileId !== undefined ? 'mobile' : null;
  if (type === null) return null;
  const parsed = deviceIdField.safeParse(type === 'machine' ? params.machineId : params.mobileId);
  return parsed.success ? { type, id: parsed.data } : null;
}

export const isServerUser = (node: Pick<WebAccessNode, 'type'>) => node.type === 'server_user';

/** Where a page goes when its node or its list cannot be loaded. */
export function loadErrorPath(node: Pick<WebAccessNode, 'type'> | null): string {
  return node && isServerUser(node) ? paths.users.list.href() : paths.devices.list.href();
}

/** How the page names its node in texts: 'this device' / 'this user'. */
export function nodeNoun(node: Pick<WebAccessNode, 'type'>): string {
  return isServerUser(node) ? 'this user' : 'this device';
}

/** The browser tab's title of a web-access page: 'Device Websites', 'Server User Media'. */
export function nodePageTitle(node: Pick<WebAccessNode, 'type'> | null, page: string): string {
  return `${node && isServerUser(node) ? 'Server User' : 'Device'} ${page}`;
}
