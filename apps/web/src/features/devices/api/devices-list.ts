/**
 * GET /devices (001 §2.1, §7): a page of the account's PCs and mobile devices with the list's
 * parameters. Declared here once; the list controller (components/list) calls it.
 */
import { devicesListQuery, devicesListResponse } from '@wayguard/contracts';
import { devicesKeys } from './keys';

export const devicesListEndpoint = {
  endpoint: '/devices',
  query: devicesListQuery,
  response: devicesListResponse,
  // Under devicesKeys.lists(): a rename refreshes the list and the device's pages alike.
  queryKey: devicesKeys.lists(),
};
