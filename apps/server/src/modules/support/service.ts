/** Contact details (from configuration) and feedback: stored with its attachments, mailed to support. */
import { MSG, feedbackForm, type ContactResponse, type FeedbackForm } from '@wayguard/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { BlobStore } from '../../lib/blobs.js';
import { audit } from '../../domain/access/audit.js';
import { badRequest, notFound, tooManyRequests } from '../../lib/http-errors.js';
import { enqueueMail } from '../../lib/mailer.js';
import { hit, peek } from '../../lib/rate-limit.js';
import type { Actor } from '../../domain/access/actor.js';
import { removeBlobs, type FeedbackUpload, type StoredAttachment } from './feedback-upload.js';
import { feedbackSender, insertFeedback } from './repository.js';

/** Fixed support details; the e-mail address comes from SUPPORT_EMAIL. */
export const SUPPORT_CONTACT = {
  website: 'https://www.wayguard.example/support',
  telephone: '+44 161 496 0000',
  openingHours: 'Monday to Friday, 8:00 to 18:00 (UK time)',
} as const;

export function contactDetails(config: Pick<Config, 'SUPPORT_EMAIL'>): ContactResponse {
  return {
    title: 'Contact Us',
    text: 'Our support team is here to help with your console, devices and users. Contact us by e-mail or telephone, or send us your feedback.',
    fields: [
      { label: 'Support e-mail', value: config.SUPPORT_EMAIL, type: 'email' },
      { label: 'Support website', value: SUPPORT_CONTACT.website, type: 'url' },
      { label: 'Telephone', value: SUPPORT_CONTACT.telephone, type: 'phone' },
      { label: 'Opening hours', value: SUPPORT_CONTACT.openingHours, type: 'text' },
    ],
  };
}

/** Feedback sent per user: 5 in any 10 minutes. Only stored feedback counts. */
export const FEEDBACK_RATE = { limit: 5, windowSeconds: 600 } as const;
const rateKey = (userId: number) => `rl:feedback:user:${userId}`;

/** Refuses early (before the body is read) a user who has used up the window. */
export async function checkFeedbackRate(db: Db, userId: number): Promise<void> {
  if ((await peek(db, rateKey(userId), FEEDBACK_RATE.windowSeconds)) >= FEEDBACK_RATE.limit) {
    // The count is past the limit already; the hit only tells when the window closes.
    const w = await hit(db, rateKey(userId), FEEDBACK_RATE.windowSeconds);
    throw tooManyRequests(w.retryAfterSeconds);
  }
}

export type FeedbackDeps = { db: Db; blobs: BlobStore; supportEmail: string };

const oneLine = (s: string) => s.replace(/\s+/g, ' ').trim();
const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

function mailText(
  id: number,
  f: FeedbackForm,
  who: { username: string; account: string; accountNumber: string },
  files: readonly StoredAttachment[],
): string {
  const attachments =
    files.length === 0
      ? ['Attachments: none']
      : [
          `Attachments (${files.length}), stored with feedback id ${id}; this mail does not carry them:`,
          ...files.map((a) => `  - ${a.filename} (${a.contentType}, ${kb(a.size)})`),
        ];
  return [
    `Feedback id: ${id}`,
    `Account: ${who.account} (${who.accountNumber})`,
    `Console user: ${who.username}`,
    `Name: ${f.feedback_name}`,
    `E-mail: ${f.feedback_email}`,
    `Subject: ${f.feedback_summary}`,
    '',
    'Feedback:',
    f.feedback_notes,
    '',
    ...attachments,
  ].join('\n');
}

/**
 * Validates the fields, then stores the feedback and its attachments and queues the mail in one
 * transaction (which also takes the rate-limit hit). On any failure the uploaded blobs are removed.
 */
export async function createFeedback(deps: FeedbackDeps, actor: Actor, upload: FeedbackUpload): Promise<number> {
  try {
    const parsed = feedbackForm.safeParse(upload.fields);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const i of parsed.error.issues) fields[i.path.map(String).join('.')] ??= i.message;
      throw badRequest(parsed.error.issues[0]?.message ?? MSG.lastActionFailed, { fields });
    }
    const f = parsed.data;
    return await deps.db.transaction(async (tx) => {
      const w = await hit(tx, rateKey(actor.userId), FEEDBACK_RATE.windowSeconds);
      if (w.count > FEEDBACK_RATE.limit) throw tooManyRequests(w.retryAfterSeconds);
      const who = await feedbackSender(tx, actor.accountId, actor.userId);
      if (!who) throw notFound();
      const id = await insertFeedback(
        tx,
        {
          accountId: actor.accountId,
          userId: actor.userId,
          name: f.feedback_name,
          email: f.feedback_email,
          subject: f.feedback_summary,
          notes: f.feedback_notes,
        },
        upload.files,
      );
      await enqueueMail(tx, {
        to: deps.supportEmail,
        subject: `Feedback #${id}: ${oneLine(f.feedback_summary)}`,
        text: mailText(id, f, who, upload.files),
        accountId: actor.accountId,
      });
      await audit(tx, {
        action: 'feedback.created',
        accountId: actor.accountId,
        actorUserId: actor.userId,
        targetType: 'feedback',
        targetId: id,
        ip: actor.ip,
        details: { attachments: upload.files.length },
      });
      return id;
    });
  } catch (err) {
    await removeBlobs(deps.blobs, upload.files);
    throw err;
  }
}
