/**
 * GET /node/web_access/websites/list and /media/list, and their exports (002 §7): a page of a node's
 * websites or media with the list's parameters, and the node's id and type. Declared here once; the
 * list controller (components/list) calls them.
 */
import { mediaListQuery, webAccessListResponse, websitesListQuery } from '@wayguard/contracts';
import { webAccessKeys } from './keys';

export const websitesListEndpoint = {
  endpoint: '/node/web_access/websites/list',
  query: websitesListQuery,
  response: webAccessListResponse,
  queryKey: webAccessKeys.websites(),
  exportEndpoint: '/node/web_access/websites/export',
};

export const mediaListEndpoint = {
  endpoint: '/node/web_access/media/list',
  query: mediaListQuery,
  response: webAccessListResponse,
  queryKey: webAccessKeys.media(),
  exportEndpoint: '/node/web_access/media/export',
};
