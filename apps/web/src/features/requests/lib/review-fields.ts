/**
 * What a denied row says about its decision and its review, alike for websites, media and apps (001
 * §2.4 'Denied rows also show the denied reason'; docs/decisions/review-team.md "The review team's answer (issue 26)"):
 * the denied reason is the thread's `reason` (the administrator's, or the review team's notes when the team denied it:
 * status tech), and 'Review requested reason' is the administrator's own text when the row was sent for review
 * (`review_notes`).
 */
import { REQUEST_MSG } from '@wayguard/contracts';
import type { DetailField } from '../../../components/DetailList';

type ReviewRow = { reason: string; review_notes: string };

export const REVIEW_REASON_LABEL = 'Review requested reason';

/** `deniedLabel`: the label of the denied reason on a denied row ('Denied reason', apps 'Deny reason'); null on other rows. */
export function reviewFields(row: ReviewRow, deniedLabel: string | null): DetailField[] {
  const fields: DetailField[] = [];
  if (deniedLabel !== null) fields.push({ label: deniedLabel, value: row.reason.trim() || REQUEST_MSG.none });
  if (row.review_notes.trim() !== '') fields.push({ label: REVIEW_REASON_LABEL, value: row.review_notes });
  return fields;
}
