/**
 * The web-access pages' header links into the classic console ({host}, a new tab; 002 §2.4, §2.5,
 * §2.9): Add website, Remove website, Block website (a server user: Add website, Remove website); Add
 * media, Block media (a server user: Add media). The classic console's paths and parameters (the
 * node's type and id) are ours (docs/decisions/web-access.md "Classic console paths are ours").
 * The account's own pages (issue 26) keep one secondary link: the same page in the classic console.
 */
import { CLASSIC_PATHS, classicPageUrl } from '../../../lib/classic-console';
import { isAccount, isServerUser, type WebAccessNode } from './node';

export const CLASSIC_WEB_ACCESS_PATHS = {
  addWebsite: '/web-access/websites/add',
  removeWebsite: '/web-access/websites/remove',
  blockWebsite: '/web-access/websites/block',
  addMedia: '/web-access/media/add',
  blockMedia: '/web-access/media/block',
} as const;

export type ClassicLink = { label: string; href: string };

const link = (base: string, node: WebAccessNode, label: string, path: string): ClassicLink => ({
  label,
  href: classicPageUrl(base, path, { type: node.type, id: node.id }),
});

/** The account's pages: the same page in the classic console, as a secondary link. */
export const CLASSIC_LINK_LABEL = 'Open in the classic console';
export function accountClassicLink(base: string, page: 'websites' | 'media' | 'categories'): ClassicLink {
  const path = {
    websites: CLASSIC_PATHS.websiteAccess,
    media: CLASSIC_PATHS.mediaAccess,
    categories: CLASSIC_PATHS.categories,
  }[page];
  return { label: CLASSIC_LINK_LABEL, href: classicPageUrl(base, path) };
}

export function websiteHeaderLinks(base: string, node: WebAccessNode): ClassicLink[] {
  const p = CLASSIC_WEB_ACCESS_PATHS;
  if (isAccount(node)) return [accountClassicLink(base, 'websites')];
  return [
    link(base, node, 'Add website', p.addWebsite),
    link(base, node, 'Remove website', p.removeWebsite),
    ...(isServerUser(node) ? [] : [link(base, node, 'Block website', p.blockWebsite)]),
  ];
}

export function mediaHeaderLinks(base: string, node: WebAccessNode): ClassicLink[] {
  const p = CLASSIC_WEB_ACCESS_PATHS;
  if (isAccount(node)) return [accountClassicLink(base, 'media')];
  return [
    link(base, node, 'Add media', p.addMedia),
    ...(isServerUser(node) ? [] : [link(base, node, 'Block media', p.blockMedia)]),
  ];
}
