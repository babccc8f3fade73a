import { describe, expect, it } from 'vitest';
import { SERVER_USER_OPTION_KEYS } from '../server-users.js';
import { SOCIAL_SITES, isSocialOption, socialSiteNote } from './social-sites.js';

describe('social sites of the server-user options (issue 26)', () => {
  it('names a site for every disallow option and none for the others', () => {
    const social = SERVER_USER_OPTION_KEYS.filter((k) => k.startsWith('disallow_'));
    expect(Object.keys(SOCIAL_SITES).sort()).toEqual([...social].sort());
    expect(isSocialOption('disable_media_requests')).toBe(false);
    expect(isSocialOption('disallow_youtube_access')).toBe(true);
  });

  it('says what decides: the option when on, the rules (with their explanation) when off', () => {
    expect(socialSiteNote('YouTube', true, null)).toBe(
      'YouTube is blocked for this user by this option, whatever the web-access rules say.',
    );
    expect(
      socialSiteNote('YouTube', false, { decision: 'BLOCK', explanation: "Blocked by the account's block of Video." }),
    ).toBe(
      "With this option off, the web-access rules decide: YouTube is blocked for this user now. Blocked by the account's block of Video.",
    );
    expect(socialSiteNote('YouTube', false, null)).toBe('With this option off, the web-access rules decide YouTube.');
  });
});
