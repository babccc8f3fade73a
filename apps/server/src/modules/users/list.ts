/** GET /users (000 §2.7): one page of the account's users list and its total. */
import type { UsersListQuery, UsersListResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { listUsers } from './repository.js';
import { listItem } from './present.js';

export async function usersListPage(db: Db, actor: Actor, q: UsersListQuery): Promise<UsersListResponse> {
  const { rows, total } = await listUsers(db, actor.accountId, q);
  return { users: rows.map(listItem), total_count: total };
}
