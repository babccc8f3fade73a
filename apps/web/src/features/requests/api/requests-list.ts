/**
 * GET /requests and GET /requests/export (001 §7): a page of website or media requests with the list's
 * parameters, and the whole filtered list as base64 XLSX. Declared here once; the list controller
 * (components/list) calls them.
 */
import { requestsListQuery, requestsListResponse } from '@wayguard/contracts';
import { requestsKeys } from './keys';

export const requestsListEndpoint = {
  endpoint: '/requests',
  query: requestsListQuery,
  response: requestsListResponse,
  queryKey: requestsKeys.lists(),
};

export const requestsExportEndpoint = { exportEndpoint: '/requests/export' };
