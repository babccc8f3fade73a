/**
 * A request row's accordion (001 §2.4 'Row accordion'): URL, Approved by or Denied by, Approved for or
 * Denied for, Requested date, Approved or Denied date, User notes ('None'); media adds Type, Category
 * ('Not specified') and Description ('No description.'); denied rows add the denied reason (the review
 * team's notes when the team denied it) and a row sent for review its 'Review requested reason', as the
 * app rows (lib/review-fields.ts). Pending rows have no decision yet: no by, for or date of one. Ours:
 * when an approval ends.
 */
import { MEDIA_TYPE_GROUPS, REQUEST_MSG, type RequestItem, type RequestList } from '@wayguard/contracts';
import { formatDateTime } from '../../../lib/dates';
import { webHref } from '../../../lib/web-href';
import { forText } from './columns';
import { reviewFields } from './review-fields';

export type DetailField = { label: string; value: string; href?: string | null };

const MEDIA_TYPE_LABELS: Record<string, string> = Object.fromEntries(
  MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => [t.key, t.label])),
);

export function mediaTypeText(key: string | null): string {
  if (!key) return REQUEST_MSG.notSpecified;
  return MEDIA_TYPE_LABELS[key] ?? key;
}

const orDefault = (value: string, fallback: string) => (value.trim() === '' ? fallback : value);

export function detailFields(row: RequestItem, list: RequestList): DetailField[] {
  const fields: DetailField[] = [{ label: 'URL', value: row.website, href: webHref(row.website) }];
  const decided = list === 'approved' || list === 'denied';
  const word = list === 'denied' ? 'Denied' : 'Approved';
  if (decided) {
    fields.push({ label: `${word} by`, value: orDefault(row.processor, REQUEST_MSG.none) });
    fields.push({ label: `${word} for`, value: forText(row.for.value) });
  }
  fields.push({ label: 'Requested date', value: formatDateTime(row.requested) });
  if (decided && row.processed > 0) fields.push({ label: `${word} date`, value: formatDateTime(row.processed) });
  if (list === 'approved' && row.expires > 0) fields.push({ label: 'Expires', value: formatDateTime(row.expires) });
  fields.push({ label: 'User notes', value: orDefault(row.notes, REQUEST_MSG.none) });
  if (row.type === 'media') {
    fields.push({ label: 'Type', value: mediaTypeText(row.media_type) });
    fields.push({ label: 'Category', value: orDefault(row.category, REQUEST_MSG.notSpecified) });
    fields.push({ label: 'Description', value: orDefault(row.description, REQUEST_MSG.noDescription) });
  }
  fields.push(...reviewFields(row, list === 'denied' ? 'Denied reason' : null));
  return fields;
}
