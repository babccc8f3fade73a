/**
 * The account's own web-access pages (issue 26): the device and server user pages' screens for the
 * account node, at /account/websites, /account/categories and /account/media. Their rules are the
 * account's, which every device and user inherits unless a nearer rule decides.
 */
import { paths } from '../../../lib/paths';

export const ACCOUNT_WEB_ACCESS_PAGES = ['websites', 'categories', 'media'] as const;
export type AccountWebAccessPage = (typeof ACCOUNT_WEB_ACCESS_PAGES)[number];

export const ACCOUNT_PAGE_LABELS: Record<AccountWebAccessPage, string> = {
  websites: 'Websites',
  categories: 'Categories',
  media: 'Media',
};

export const accountWebAccessHref = (page: AccountWebAccessPage) => `${paths.account.path}/${page}`;
