/**
 * The Social Media Profiles form (000 §2.6): one input per profile in the spec's order (facebook,
 * twitter, youtube), each checked by the contract (at most 32 characters); the parsed output is the
 * POST /account/social_media request.
 */
import { z } from 'zod';
import {
  SOCIAL_PROFILES,
  socialMediaRequest,
  type AccountResponse,
  type SocialMediaRequest,
} from '@wayguard/contracts';

export type SocialKey = (typeof SOCIAL_PROFILES)[number]['key'];
export type SocialInput = Record<SocialKey, string>;

const handle = socialMediaRequest.shape.profiles.element.shape.value;

export const socialSchema = z
  .object({ facebook: handle, twitter: handle, youtube: handle })
  .transform((v): SocialMediaRequest => ({ profiles: SOCIAL_PROFILES.map((p) => ({ value: v[p.key] })) }));

/** The account's profile matching one of the product's, by label (the server always sends all three). */
export function socialProfile(account: Pick<AccountResponse, 'social_media'>, label: string) {
  return account.social_media.find((s) => s.label.toLowerCase() === label.toLowerCase());
}

export function socialValues(account: Pick<AccountResponse, 'social_media'>): SocialInput {
  const values: SocialInput = { facebook: '', twitter: '', youtube: '' };
  for (const p of SOCIAL_PROFILES) values[p.key] = socialProfile(account, p.label)?.value ?? '';
  return values;
}

/** The public page of a handle on its site. */
export function profileUrl(website: string, handleValue: string): string {
  return `${website.replace(/\/+$/, '')}/${encodeURIComponent(handleValue.replace(/^@/, ''))}`;
}
