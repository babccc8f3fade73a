/**
 * The social sites of the server-user options disallow_*_access (002 §2.10, §3) and what their switches
 * say (issue 26): a switch on blocks the site for the user whatever the rules say (the device policy's
 * `disallowed_social`); off, the web-access rules decide, and the settings page shows what they decide
 * now, with the resolver's explanation (POST /node/web_access/test on the site's address).
 */
import type { ServerUserOptionKey } from '../server-users.js';

export type SocialOptionKey = Extract<ServerUserOptionKey, `disallow_${string}`>;

export const SOCIAL_SITES: Record<SocialOptionKey, { name: string; url: string }> = {
  disallow_facebook_access: { name: 'Facebook', url: 'https://www.facebook.com/' },
  disallow_twitter_access: { name: 'Twitter', url: 'https://twitter.com/' },
  disallow_youtube_access: { name: 'YouTube', url: 'https://www.youtube.com/' },
  disallow_instagram_access: { name: 'Instagram', url: 'https://www.instagram.com/' },
  disallow_pinterest_access: { name: 'Pinterest', url: 'https://www.pinterest.com/' },
};

export const isSocialOption = (key: ServerUserOptionKey): key is SocialOptionKey => key in SOCIAL_SITES;

/** What decides a social site for the user, under its switch. */
export function socialSiteNote(
  site: string,
  switchOn: boolean,
  decision: { decision: 'ALLOW' | 'BLOCK'; explanation: string } | null,
): string {
  if (switchOn) return `${site} is blocked for this user by this option, whatever the web-access rules say.`;
  if (!decision) return `With this option off, the web-access rules decide ${site}.`;
  const now = decision.decision === 'BLOCK' ? 'blocked' : 'allowed';
  return `With this option off, the web-access rules decide: ${site} is ${now} for this user now. ${decision.explanation}`.trim();
}
