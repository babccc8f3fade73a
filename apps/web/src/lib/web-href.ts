/**
 * A row's address as a link (002 §2.4: a row link opens the site in a new tab): http(s) addresses as
 * they are, a bare host or host/path with https://; anything else (javascript:, data:) is no link.
 */
export function webHref(value: string): string | null {
  const v = value.trim();
  if (/^https?:\/\/[^\s]+$/i.test(v)) return v;
  if (/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9-]+)+(?::\d+)?(\/[^\s]*)?$/i.test(v)) return `https://${v}`;
  return null;
}
