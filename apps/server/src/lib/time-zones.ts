/** The IANA time zones the platform knows, labelled with their current UTC offset. Computed once. */
let cache: { name: string; display_name: string }[] | null = null;

function offsetLabel(zone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const v = part?.value ?? 'GMT';
  return v === 'GMT' ? 'UTC+00:00' : v.replace('GMT', 'UTC');
}

export function timeZones(): { name: string; display_name: string }[] {
  if (cache) return cache;
  const now = new Date();
  cache = Intl.supportedValuesOf('timeZone').map((name) => ({
    name,
    display_name: `(${offsetLabel(name, now)}) ${name.replace(/_/g, ' ')}`,
  }));
  return cache;
}
