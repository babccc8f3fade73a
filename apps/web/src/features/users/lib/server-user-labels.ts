/**
 * Texts of the server user pages. The type and status labels come from contracts ('Deleted' is the spec's
 * word for a deactivated server user, 000 §3.5); the option labels are ours (the spec names only the keys, 002 §3).
 */
import {
  OTHER_USER_TYPE_LABELS,
  SERVER_USER_STATUS_LABELS,
  type ServerUserDetails,
  type ServerUserOptionKey,
} from '@wayguard/contracts';

export const typeLabel = (type: ServerUserDetails['type']) => OTHER_USER_TYPE_LABELS[type];

/** The words of the users list too (contracts), so a server user reads the same on both (000 §3.5). */
export const STATUS_LABELS = SERVER_USER_STATUS_LABELS satisfies Record<ServerUserDetails['status'], string>;

export const OPTION_LABELS = {
  disable_media_requests: {
    label: 'Disable media requests',
    description: 'The user cannot ask for blocked media to be allowed.',
  },
  disable_website_requests: {
    label: 'Disable website requests',
    description: 'The user cannot ask for blocked websites to be allowed.',
  },
  disallow_facebook_access: { label: 'Disallow Facebook access', description: 'Block Facebook for this user.' },
  disallow_twitter_access: { label: 'Disallow Twitter access', description: 'Block Twitter for this user.' },
  disallow_youtube_access: { label: 'Disallow YouTube access', description: 'Block YouTube for this user.' },
  disallow_instagram_access: { label: 'Disallow Instagram access', description: 'Block Instagram for this user.' },
  disallow_pinterest_access: { label: 'Disallow Pinterest access', description: 'Block Pinterest for this user.' },
} as const satisfies Record<ServerUserOptionKey, { label: string; description: string }>;
