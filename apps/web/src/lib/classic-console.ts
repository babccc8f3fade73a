/**
 * Links into the classic admin console ({host} in the spec): built on registration_info's
 * classic_console_url and always opened in a new tab.
 */
export function classicUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Paths of the classic console's pages linked from the shell's rail. */
export const CLASSIC_PATHS = {
  notifications: '/notifications',
  reporting: '/reporting',
  websiteAccess: '/web-access/websites',
  mediaAccess: '/web-access/media',
  categories: '/web-access/categories',
  classification: '/web-access/classification',
  mobileApps: '/apps/mobile',
  pcApps: '/apps/pc',
} as const;

/** A classic console page with query parameters, e.g. `/machine?id=NFPC1001&repair=1`. */
export function classicPageUrl(base: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return query ? `${classicUrl(base, path)}?${query}` : classicUrl(base, path);
}

/** An external link's attributes: a new tab, without access to this page. */
export const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;
