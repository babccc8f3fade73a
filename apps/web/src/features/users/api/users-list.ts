/**
 * GET /users (000 §2.7, §7.3): a page of console, server and local users with the list's parameters.
 * Declared here once; the list controller (components/list) calls it.
 */
import { usersListQuery, usersListResponse } from '@wayguard/contracts';
import { usersKeys } from './keys';

export const usersListEndpoint = {
  endpoint: '/users',
  query: usersListQuery,
  response: usersListResponse,
  // Under usersKeys.lists(): a change to a user refreshes lists and pages alike.
  queryKey: usersKeys.lists(),
};
