/**
 * Whose apps a page shows (002 §2.6): a mobile device (by serial, /devices/mobile/{id}/apps) or a
 * console user (by id, /users/{userId}/apps), read from the page's address; null when unusable.
 */
import { deviceIdField } from '@wayguard/contracts';
import { parseRouteId } from '../../../lib/paths';

export type AppsNode = { type: 'device'; id: string } | { type: 'user'; id: number };

export function appsNodeFromParams(params: Record<string, string | undefined>): AppsNode | null {
  if (params.userId !== undefined) {
    const id = parseRouteId(params.userId);
    return id === null ? null : { type: 'user', id };
  }
  if (params.mobileId === undefined) return null;
  const parsed = deviceIdField.safeParse(params.mobileId);
  return parsed.success ? { type: 'device', id: parsed.data } : null;
}

/** The list call's part naming the node: id (a device's serial) or user_id. */
export function nodeQuery(node: AppsNode): { id: string } | { user_id: number } {
  return node.type === 'device' ? { id: node.id } : { user_id: node.id };
}

export const nodeKey = (node: AppsNode) => `${node.type}.${node.id}`;
