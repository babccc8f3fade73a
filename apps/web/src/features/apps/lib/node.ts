/**
 * Whose apps a page shows (002 §2.6): a mobile device (by serial, /devices/mobile/{id}/apps) or a
 * console user (by id, /users/{userId}/apps), read from the page's address; null when unusable.
 */
import { paths } from '../../../lib/paths';

export type AppsNode = { type: 'device'; id: string } | { type: 'user'; id: number };

/** The node of the route's parameters (a console user's or a mobile device's, as lib/paths.ts parses them). */
export function appsNodeFromParams(params: Record<string, string | undefined>): AppsNode | null {
  if (params.userId !== undefined) {
    const id = paths.users.details.parse(params);
    return id === null ? null : { type: 'user', id };
  }
  const device = params.mobileId === undefined ? null : paths.devices.parse({ mobileId: params.mobileId });
  return device && { type: 'device', id: device.id };
}

/** The list call's part naming the node: id (a device's serial) or user_id. */
export function nodeQuery(node: AppsNode): { id: string } | { user_id: number } {
  return node.type === 'device' ? { id: node.id } : { user_id: node.id };
}

export const nodeKey = (node: AppsNode) => `${node.type}.${node.id}`;
