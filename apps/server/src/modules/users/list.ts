/**
 * GET /users (000 §2.7): one page of the account's users list and its total, as the JSON bytes to send,
 * kept while what it shows is unchanged (lib/lists/list-answers.ts): stamped by the account's 'users'
 * version (every change to a console or server/local user the list shows but last activity: migration
 * 0027), by the account's latest last activity and by where the activity windows' earliest users are
 * (list-stamp.ts), so a kept answer is the one the statements would read now. Written by JSON.stringify
 * from rows typed by the contract (present.ts); users-list.test.ts checks the answer against the route's schema.
 */
import type { UsersListQuery, UsersListResponse } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../domain/access/actor.js';
import { createListAnswers } from '../../lib/lists/list-answers.js';
import { readListStamp } from './list-stamp.js';
import { listUsers } from './repository.js';
import { listItem } from './present.js';

const answers = createListAnswers({ lists: ['users'] });

export async function usersListPage(
  db: Db,
  actor: Actor,
  q: UsersListQuery,
  now = new Date(),
): Promise<UsersListResponse> {
  const { rows, total } = await listUsers(db, actor.accountId, q, now);
  return { users: rows.map(listItem), total_count: total };
}

/** The page's answer as bytes, kept by its stamp. */
export async function usersListAnswer(db: Db, actor: Actor, q: UsersListQuery): Promise<Buffer> {
  const now = new Date();
  const stamp = await readListStamp(db, actor.accountId, now);
  return answers.answerAt(db, actor.accountId, JSON.stringify(q), stamp, () => usersListPage(db, actor, q, now));
}
