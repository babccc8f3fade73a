/** The console user pages (000 §2.1). */
export const userPath = (id: number) => `/users/${id}`;
export const userSettingsPath = (id: number) => `/users/${id}/settings`;
export const userAppsPath = (id: number) => `/users/${id}/apps`;

/** A route's :userId as a database id, or null when it cannot be one. */
export function parseUserId(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,9}$/.test(param)) return null;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : null;
}
