/** The outbox's newest messages, optionally to one address (demo mode only: modules/dev-outbox/routes.ts). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

export async function newestMail(db: Db, to: string | undefined, limit = 100) {
  return db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(limit);
}
