/**
 * The three web-access pages (002 §2.3-2.5, §2.9), the same screens under every node that has them: a
 * device, a server user and the account itself (issue 26). The layout above them names the node.
 */
import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';

/** Fresh route objects on each call: the router gives every place in the tree its own ids. */
export const webAccessPages = (): RouteObject[] => [
  {
    path: 'websites',
    handle: { crumb: 'Websites' },
    lazy: lazyPage(() => import('../../features/web-access/routes/WebsitesPage')),
  },
  {
    path: 'categories',
    handle: { crumb: 'Categories' },
    lazy: lazyPage(() => import('../../features/web-access/routes/CategoriesPage')),
  },
  {
    path: 'media',
    handle: { crumb: 'Media' },
    lazy: lazyPage(() => import('../../features/web-access/routes/MediaPage')),
  },
];
