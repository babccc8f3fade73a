/**
 * A user's Apps page (GET /devices/mobile_apps?user_id=) kept while nothing it shows changed
 * (lib/lists/list-answers.ts): its stamp is the account's versions of the app threads, assignments, the
 * mobiles' installs and app commands (kept by triggers: migrations 0018, 0019), whether the user exists,
 * and the user's mobiles as the page lists them (id, serial, name and online now), read in one statement
 * before the page is built. The mobiles are read, not versioned: their online state moves with the clock
 * and every check-in. A search or a single mobile's page is built each time (assignments.ts). The stamp's statement is
 * sql/assignments.ts's `userPageStamp`.
 */
import type { z } from 'zod';
import type { mobileAppsQuery } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../domain/access/actor.js';
import { createListAnswers } from '../../lib/lists/list-answers.js';
import { searchText } from '../../lib/lists/paging.js';
import { mobileApps } from './assignments.js';
import { userPageStamp } from './sql/assignments.js';

type ListQuery = z.output<typeof mobileAppsQuery>;

const answers = createListAnswers({ lists: ['app_requests', 'app_assignments', 'device_apps', 'device_commands'] });

/** The Apps page's answer as the JSON bytes to send. */
export async function mobileAppsAnswer(db: Db, a: Actor, q: ListQuery, now = new Date()): Promise<Buffer> {
  const build = () => mobileApps(db, a, q, now);
  if (q.user_id === undefined || searchText(q) !== null) return Buffer.from(JSON.stringify(await build()));
  return answers.answerAt(
    db,
    a.accountId,
    JSON.stringify(q),
    await userPageStamp(db, answers.versionsSql(a.accountId), a.accountId, q.user_id, now),
    build,
  );
}
