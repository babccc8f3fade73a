/**
 * The approval dialog's rules (001 §4, §5; issue 11 'Approvals that expire'): how long an approval lasts
 * (the contracts' presets, permanent by default, or a day chosen in the calendar), the website group
 * it needs (case-sensitive substring search on names), the devices it needs (at least one), and when
 * Approve is enabled. The review dialog: at least 4 characters and nothing processing (001 §5).
 */
import dayjs from 'dayjs';
import {
  EXPIRY_PRESETS,
  REVIEW_REASON_MIN,
  type ApprovalExpiry,
  type ApproveOption,
  type ExpiryPreset,
} from '@wayguard/contracts';

export type ExpiryChoice = ExpiryPreset | 'date';
export const DEFAULT_EXPIRY: ExpiryChoice = 'permanent';

/** The expiry choices in the order shown: the contracts' presets (1 hour, today, 7 days, 30 days, permanent) and a date. */
export const EXPIRY_CHOICES: { value: ExpiryChoice; label: string }[] = [
  ...EXPIRY_PRESETS.filter((p) => p.key !== 'permanent').map((p) => ({ value: p.key, label: p.label })),
  { value: 'date', label: 'Until a date' },
  ...EXPIRY_PRESETS.filter((p) => p.key === 'permanent').map((p) => ({ value: p.key, label: p.label })),
];

/** A chosen day must be today or later (its end is in the future), written YYYY-MM-DD. */
export function isExpiryDay(day: string | null, now = dayjs()): day is string {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const d = dayjs(day);
  return d.isValid() && d.format('YYYY-MM-DD') === day && !d.endOf('day').isBefore(now);
}

/** What the call sends as `expires`, or null while a date is still missing. */
export function expiryValue(choice: ExpiryChoice, day: string | null, now = dayjs()): ApprovalExpiry | null {
  if (choice !== 'date') return choice;
  return isExpiryDay(day, now) ? day : null;
}

export type ApproveDraft = {
  option: Pick<ApproveOption, 'needs'>;
  expiry: ExpiryChoice;
  day: string | null;
  groupId: number | null;
  devices: readonly string[];
};

/** Approve is enabled when the expiry is whole and what the option needs is chosen (001 §5). */
export function canApprove(draft: ApproveDraft, now = dayjs()): boolean {
  if (expiryValue(draft.expiry, draft.day, now) === null) return false;
  if (draft.option.needs === 'group') return draft.groupId !== null;
  if (draft.option.needs === 'devices') return draft.devices.length >= 1;
  return true;
}

/** Submit of the review dialog (001 §5): at least 4 characters, nothing processing. */
export function canSubmitReview(reason: string, processing: boolean): boolean {
  return !processing && reason.trim().length >= REVIEW_REASON_MIN;
}

/** Batch approval (001 §5): at least one selected row. */
export function canBatchApprove(selected: number, processing: boolean): boolean {
  return !processing && selected >= 1;
}
