/**
 * The users resource's query keys, one factory for every query of it. Every console-user query starts
 * with ['users'] and every server-user query with ['server_users'], so a change refreshes lists and
 * pages alike by invalidating the prefix; server users are also rows of the users list.
 */
import type { ListApiParams } from '../../../components/list';

export const usersKeys = {
  all: ['users'] as const,
  lists: () => [...usersKeys.all, 'list'] as const,
  list: (params: ListApiParams) => [...usersKeys.lists(), params] as const,
  details: (id: number) => [...usersKeys.all, 'details', id] as const,
};

export const serverUsersKeys = {
  all: ['server_users'] as const,
  details: (id: number) => [...serverUsersKeys.all, 'details', id] as const,
};
