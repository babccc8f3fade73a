/**
 * The web-access pages' header links into the classic console ({host}, a new tab; 002 §2.4, §2.5,
 * §2.9): Add website, Remove website, Block website (a server user: Add website, Remove website); Add
 * media, Block media (a server user: Add media). The classic console's paths and parameters (the
 * node's type and id) are ours (docs/decisions.md 'Web-access policy (issue 10)', 'Header links, media, test').
 */
import { classicPageUrl } from '../../../lib/classic-console';
import { isServerUser, type WebAccessNode } from './node';

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

export function websiteHeaderLinks(base: string, node: WebAccessNode): ClassicLink[] {
  const p = CLASSIC_WEB_ACCESS_PATHS;
  return [
    link(base, node, 'Add website', p.addWebsite),
    link(base, node, 'Remove website', p.removeWebsite),
    ...(isServerUser(node) ? [] : [link(base, node, 'Block website', p.blockWebsite)]),
  ];
}

export function mediaHeaderLinks(base: string, node: WebAccessNode): ClassicLink[] {
  const p = CLASSIC_WEB_ACCESS_PATHS;
  return [
    link(base, node, 'Add media', p.addMedia),
    ...(isServerUser(node) ? [] : [link(base, node, 'Block media', p.blockMedia)]),
  ];
}
