/** Addresses of the server user pages (000 §2.1, 002 §2.1) and the id taken from the address. */

export const serverUserPath = (id: number) => `/users/server_users/${id}`;

/** The server user's pages below its own (000 §2.1, 002 §2.1). */
export type ServerUserPage = 'settings' | 'websites' | 'categories' | 'media' | 'screen-captures';
export const serverUserPagePath = (id: number, page: ServerUserPage) => `${serverUserPath(id)}/${page}`;

/** Where a missing, malformed or unreadable server user sends the visitor (002 §8). */
export const USERS_PATH = '/users';

/** The route's `serverUserId` as a positive integer, or null when it cannot be an id. */
export function parseServerUserId(param: string | undefined): number | null {
  if (!param || !/^[1-9]\d{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}

/** A device's own page (/devices/{type}/{id}). */
export const devicePath = (type: 'machine' | 'mobile', id: string) => `/devices/${type}/${encodeURIComponent(id)}`;
