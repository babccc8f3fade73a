/**
 * What the console's request actions (modules/requests/service.ts) and the provider's review team
 * (provider/, issue 11) both do when they decide a thread: find the thread's subject row, allow it for
 * the whole account (the 'Account list') through domain/web-access/rule-writer.ts with the thread as the
 * rule's source, and record the approval on the thread by a conditional UPDATE. The callers lock the
 * thread first and audit the decision themselves.
 */
import { sql } from 'drizzle-orm';
import { isLockedCategory, REQUEST_MSG, type RequestErrorCode } from '@wayguard/contracts';
import type { DbOrTx } from '../../db/client.js';
import type { Actor } from '../access/actor.js';
import { setRule, type SubjectRef } from '../web-access/rule-writer.js';
import { requestSubject, subjectWebsiteRow } from './threads.js';

/** The columns of a thread these steps read. */
export type DecidedThread = {
  id: number;
  kind: 'website' | 'media';
  website: string;
  website_id: number | null;
  category_id: number | null;
  state: 'pending' | 'approved' | 'denied';
};

export type Association = { type: string; id: number | null; name: string };

/** The 'Account list' association of an approval for the whole account (001 §4). */
export const ACCOUNT_LIST: Association = { type: 'company', id: null, name: REQUEST_MSG.accountList };

/** Why a thread's subject cannot be made (001 §8): a media URL invalid or no longer available (AC019), else AC055. */
export const noSubjectCode = (kind: 'website' | 'media'): RequestErrorCode => (kind === 'media' ? 'AC019' : 'AC055');

/** The thread's websites row (made when the thread has none yet: migrated threads). */
export async function threadSubject(tx: DbOrTx, accountId: number, t: DecidedThread): Promise<SubjectRef | null> {
  let id = t.website_id;
  if (id === null) {
    const s = requestSubject(t.kind, t.website);
    if (!s) return null;
    const row = await subjectWebsiteRow(tx, accountId, s, { url: t.website });
    id = row.id;
    await tx.execute(sql`UPDATE access_requests SET website_id = ${id}, category_id = ${row.categoryId}
      WHERE account_id = ${accountId} AND id = ${t.id}`);
  }
  return { kind: t.kind, id };
}

/**
 * Records the approval on the thread, only while it is still in the state read (and, for the team, the
 * status): answers whether it did. `processor` is the console user, or the team (id null).
 */
export async function markApproved(
  tx: DbOrTx,
  accountId: number,
  t: Pick<DecidedThread, 'id' | 'state'>,
  o: {
    association: Association;
    expiresAt: Date | null;
    now: Date;
    processor: { id: number | null; name: string };
    /** The team's decision: status stays 'tech', the thread counts as reviewed. */
    byTeam?: boolean;
  },
): Promise<boolean> {
  const team = o.byTeam === true;
  const r = await tx.execute(sql`UPDATE access_requests SET state = 'approved',
    status = ${team ? 'tech' : 'admin'}, reviewed = reviewed OR ${team}, prevent_requests = false,
    association_type = ${o.association.type}, association_id = ${o.association.id}, for_name = ${o.association.name},
    processor_id = ${o.processor.id}, processor_name = ${o.processor.name}, processed_at = ${o.now.toISOString()},
    expires_at = ${o.expiresAt?.toISOString() ?? null}
    WHERE account_id = ${accountId} AND id = ${t.id} AND state = ${t.state}
      ${team ? sql`AND status = 'tech'` : sql``} RETURNING id`);
  return r.rows.length > 0;
}

/**
 * Approves the thread for the whole account: an ALLOW of its subject at the account scope, sourced from
 * the thread (so a later deny or block of the thread finds and removes it), then the thread's approval.
 * Answers 'added', or the code of why not: AC055 (no subject, or a locked category; a media thread without
 * a subject AC019), AC010 (the thread
 * changed meanwhile; the caller rolls back the rule with its transaction).
 */
export async function approveForAccount(
  tx: DbOrTx,
  actor: Actor,
  t: DecidedThread,
  o: { expiresAt: Date | null; now: Date; processor: { id: number | null; name: string }; byTeam?: boolean },
): Promise<'added' | RequestErrorCode> {
  const subject = await threadSubject(tx, actor.accountId, t);
  if (!subject) return noSubjectCode(t.kind);
  if (t.category_id !== null && isLockedCategory(t.category_id)) return 'AC055';
  await setRule(tx, actor, {
    scope: { kind: 'account' },
    subject,
    rule: 'allow',
    schedule: null,
    expiresAt: o.expiresAt?.toISOString() ?? null,
    source: { kind: 'request', requestId: t.id },
  });
  const done = await markApproved(tx, actor.accountId, t, { ...o, association: ACCOUNT_LIST });
  return done ? 'added' : 'AC010';
}
