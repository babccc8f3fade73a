/**
 * The node a web-access page is about (002 §2.3-2.5, §2.9): a device (machine or mobile, by serial),
 * a server user (by id) or, ours (issue 26), the account itself (/account/websites ...), read from the
 * page's address, and where a load error sends the visitor (a device's pages: the devices list, as the
 * device layout does; a server user's: /users, 002 §8; the account's: the account page).
 */
import { ACCOUNT_NODE_ID, type NodeType } from '@wayguard/contracts';
import { paths } from '../../../lib/paths';

export type WebAccessNode = { type: NodeType; id: string };

export const ACCOUNT_NODE: WebAccessNode = { type: 'account', id: ACCOUNT_NODE_ID };

/**
 * The node of the route's parameters (a server user's or a device's, as lib/paths.ts parses them), or the
 * account on its own pages (`onAccountPage`), or null when unusable.
 */
export function nodeFromParams(
  params: Record<string, string | undefined>,
  onAccountPage = false,
): WebAccessNode | null {
  if (onAccountPage) return ACCOUNT_NODE;
  if (params.serverUserId !== undefined) {
    const id = paths.users.serverUser.parse(params);
    return id === null ? null : { type: 'server_user', id: String(id) };
  }
  const device = paths.devices.parse(params);
  return device && { type: device.kind, id: device.id };
}

export const isServerUser = (node: Pick<WebAccessNode, 'type'>) => node.type === 'server_user';
export const isAccount = (node: Pick<WebAccessNode, 'type'>) => node.type === 'account';

/** Where a page goes when its node or its list cannot be loaded. */
export function loadErrorPath(node: Pick<WebAccessNode, 'type'> | null): string {
  if (node && isAccount(node)) return paths.account.href();
  return node && isServerUser(node) ? paths.users.list.href() : paths.devices.list.href();
}

/** How the page names its node in texts: 'this device' / 'this user' / 'the account'. */
export function nodeNoun(node: Pick<WebAccessNode, 'type'>): string {
  if (isAccount(node)) return 'a device or user without rules of its own';
  return isServerUser(node) ? 'this user' : 'this device';
}

/** The browser tab's title of a web-access page: 'Device Websites', 'Server User Media', 'Account Categories'. */
export function nodePageTitle(node: Pick<WebAccessNode, 'type'> | null, page: string): string {
  const who = node && isAccount(node) ? 'Account' : node && isServerUser(node) ? 'Server User' : 'Device';
  return `${who} ${page}`;
}
