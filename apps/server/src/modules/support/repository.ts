/** Queries of feedback (002 §5): who sends it, and the feedback with its attachments; scoped by the account. */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, feedback, feedbackAttachments, users } from '../../db/schema/index.js';

export type FeedbackSender = { username: string; account: string; accountNumber: string };

/** The user's username with their account's name and number; undefined when not in the account. */
export async function feedbackSender(
  db: DbOrTx,
  accountId: number,
  userId: number,
): Promise<FeedbackSender | undefined> {
  const [who] = await db
    .select({ username: users.username, account: accounts.name, accountNumber: accounts.accountNumber })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  return who;
}

export type FeedbackAttachmentRow = Omit<typeof feedbackAttachments.$inferInsert, 'id' | 'accountId' | 'feedbackId'>;

/** Stores the feedback and its attachments; the feedback's id. */
export async function insertFeedback(
  db: DbOrTx,
  row: Omit<typeof feedback.$inferInsert, 'id'> & { accountId: number },
  attachments: readonly FeedbackAttachmentRow[],
): Promise<number> {
  const [created] = await db.insert(feedback).values(row).returning({ id: feedback.id });
  const id = created!.id;
  if (attachments.length > 0) {
    await db
      .insert(feedbackAttachments)
      .values(attachments.map((a) => ({ ...a, accountId: row.accountId, feedbackId: id })));
  }
  return id;
}
