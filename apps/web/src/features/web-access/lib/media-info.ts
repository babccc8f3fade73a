/**
 * The media row's accordion (002 §2.5, §3 'Media info', §9): what each field shows when the answer
 * leaves it empty, and how long the info is kept.
 */
import { MEDIA_TYPE_GROUPS, type MediaInfoResponse } from '@wayguard/contracts';
import { webHref } from './web-href';

/** 002 §9: media info prefetch stale time 5 minutes. */
export const MEDIA_INFO_STALE_MS = 5 * 60 * 1000;

export const NO_PREVIEW = 'No preview available';
export const NOT_SPECIFIED = 'Not specified';
export const NO_DESCRIPTION = 'No description.';

export type MediaInfoField = { label: string; value: string; href?: string | null };

/** The labelled fields below the title, with the spec's texts for missing values. */
export function mediaInfoFields(info: MediaInfoResponse): MediaInfoField[] {
  const url = info.url.trim();
  const referer = info.referer.trim();
  return [
    { label: 'Type', value: mediaTypeLabel(info.type.trim() || null) },
    { label: 'Category', value: info.category.trim() || NOT_SPECIFIED },
    { label: 'URL', value: url || NOT_SPECIFIED, href: webHref(url) },
    { label: 'Referrer', value: referer || NOT_SPECIFIED, href: webHref(referer) },
    { label: 'Description', value: info.description.trim() || NO_DESCRIPTION },
  ];
}

const MEDIA_TYPE_LABELS: Record<string, string> = Object.fromEntries(
  MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => [t.key, t.label])),
);

/** A media row's type in words (MEDIA_TYPE_GROUPS); an unknown key as it is, none as 'Not specified'. */
export function mediaTypeLabel(key: string | null): string {
  if (!key) return NOT_SPECIFIED;
  return MEDIA_TYPE_LABELS[key] ?? key;
}
