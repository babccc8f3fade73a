/**
 * How the console names a person who did or asked for something (issue 26): a console user, a server
 * (domain) user or a local user is named by their full name, else by their username; with neither (a
 * device that did not say who was signed in), UNKNOWN_PERSON. The one rule for every screen, export and
 * stored "by" name (requester, processor, created by), on the server and in the web app.
 */

/** What a person is called when nothing names them. */
export const UNKNOWN_PERSON = 'Unknown user';

/** The fields a person's name is made of, as the API spells them (null or missing: not known). */
export type PersonNameParts = {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
};

/** Full name, else username, else `fallback` (UNKNOWN_PERSON unless told). */
export function personName(p: PersonNameParts, fallback: string = UNKNOWN_PERSON): string {
  const full = `${p.first_name ?? ''} ${p.last_name ?? ''}`.replace(/\s+/g, ' ').trim();
  return full || (p.username ?? '').trim() || fallback;
}
