/** Business constants from the spec (000 §9, 001 §9, 002 §9). One place; both sides import them. */
export const PRODUCT_NAME = 'Wayguard';
export const CONSOLE_NAME = 'Wayguard Console';
export const APP_VERSION = '2.9.2';
export const API_BASE = '/api/mobile/admin';
/** The provider's review team API (issue 11); here, not in provider.ts, so the web's API client needs no zod. */
export const PROVIDER_BASE = '/api/provider/v1';
export const CSRF_HEADER = 'x-csrf-token';

export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_DEFAULT = 1;
export const PAGE_SIZES = [25, 50, 100] as const;
export const STATS_POLL_MS = 15_000;
export const DETAIL_CACHE_MS = 5 * 60_000;
export const NEWS_ITEMS = 3;
export const NEWS_ROTATE_MS = 5_000;
export const SESSION_MARKER_LENGTH = 32;
export const MFA_CODE_LENGTH = 6;
export const ACTIVATION_TOKEN_LENGTH = 64;
export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;
export const NAME_MAX = 32;
export const EMAIL_MAX = 32;
export const USERNAME_MIN = 5;
export const USERNAME_MAX = 32;
export const AREA_CODE_MAX = 4;
/** Longest telephone or mobile number (digits and spaces), on the account and on users (000 §5). */
export const PHONE_NUMBER_MAX = 20;
/** Largest row id a route accepts (PostgreSQL integer): larger ids are a 400, never a database error. */
export const ID_MAX = 2_147_483_647;
/** A device id (its serial) as routes and calls carry it (here, not in devices.ts: the web's paths read it without the schemas). */
export const DEVICE_ID_MAX = 64;
/** Largest page number and longest search text of a list. */
export const LIST_PAGE_MAX = 1_000_000;
export const LIST_QUERY_MAX = 100;
export const TEXT_MAX = 32;
export const SOCIAL_HANDLE_MAX = 32;
export const NOTE_MIN = 3;
export const AGREEMENT_SCROLL_THRESHOLD_PX = 20;
/** Page scroll after which a Back to Top button appears (002 §2.15 and §9 leave it open; ours). */
export const BACK_TO_TOP_AFTER_PX = 300;
export const TOAST_SUCCESS_MS = 3_000;
export const TOAST_ERROR_MS = 4_000;
export const ACTIVITY_HOUR_MS = 60 * 60_000;
export const ACTIVITY_30_DAYS_MS = 30 * 24 * 60 * 60_000;
export const LOGO = {
  cropWidth: 500,
  cropHeight: 100,
  editorWidth: 700,
  editorHeight: 300,
  zoomMax: 5,
  zoomStep: 0.1,
} as const;
/** Failed sign-ins (per username or per IP) after which the captcha becomes required. */
export const CAPTCHA_AFTER_FAILURES = 3;

export const USER_TYPES = {
  console_admin: { id: 41, label: 'Console Admin' },
  requests_admin: { id: 261, label: 'Request Admin' },
  console_user: { id: 0, label: `${PRODUCT_NAME} User` },
} as const;
export type ConsoleUserType = keyof typeof USER_TYPES;
export const CONSOLE_USER_TYPES = ['console_admin', 'requests_admin', 'console_user'] as const;
export const OTHER_USER_TYPE_LABELS = { local_user: 'Local Windows User', server_user: 'Server/Domain User' } as const;

export const USER_STATUSES = ['activated', 'deactivated', 'awaiting_activation', 'password_reset'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** The id options.type_id carries for a console user type (000 §3.7). */
export type ConsoleUserTypeId = (typeof USER_TYPES)[ConsoleUserType]['id'];

/** Every kind of row the users list holds (000 §3.4, §3.5), and how the list, details and export name it. */
export type UserKind = ConsoleUserType | keyof typeof OTHER_USER_TYPE_LABELS;
export const USER_TYPE_LABELS: Readonly<Record<UserKind, string>> = {
  console_admin: USER_TYPES.console_admin.label,
  requests_admin: USER_TYPES.requests_admin.label,
  console_user: USER_TYPES.console_user.label,
  server_user: OTHER_USER_TYPE_LABELS.server_user,
  local_user: OTHER_USER_TYPE_LABELS.local_user,
};
/** Status labels of console users (000 §3.4, §3.7, §3.8). */
export const USER_STATUS_LABELS: Readonly<Record<UserStatus, string>> = {
  activated: 'Activated',
  deactivated: 'Deactivated',
  awaiting_activation: 'Awaiting activation',
  password_reset: 'Password reset',
};
/** A deactivated server or local user is shown as Deleted (000 §3.5). */
export const DELETED_LABEL = 'Deleted';
/** Server and local users: the same words as console users, except that deactivated reads Deleted (000 §3.5). */
export const SERVER_USER_STATUS_LABELS = {
  activated: USER_STATUS_LABELS.activated,
  deactivated: DELETED_LABEL,
} as const satisfies Record<'activated' | 'deactivated', string>;

/** The users list's filter keys (000 §2.7, §7.3): alternatives within a group (OR), groups combined (AND). */
export const USER_STATUS_FILTERS = ['awaiting_activation', 'password_reset', 'deactivated'] as const;
export const USER_ACTIVITY_FILTERS = ['not_active_last_30_days', 'active_last_30_days', 'active_past_hour'] as const;
export const USER_FILTER_FLAGS = [...USER_STATUS_FILTERS, ...USER_ACTIVITY_FILTERS, 'failed_email_delivery'] as const;
export type UserFilterFlag = (typeof USER_FILTER_FLAGS)[number];

/**
 * The date filter's presets of the request lists (000 §9 'Date filter options'; 001 §5 'Date range',
 * §9 'Date presets'). 'all' sends no dates; 'custom' sends the chosen days.
 */
export const DATE_FILTER_PRESETS = [
  { key: 'all', label: 'Show all' },
  { key: 'today', label: 'Today' },
  { key: 'last_7_days', label: 'Last 7 days' },
  { key: 'last_30_days', label: 'Last 30 days' },
  { key: 'last_6_months', label: 'Last 6 months' },
  { key: 'custom', label: 'Custom dates' },
] as const;
export type DateFilterPreset = (typeof DATE_FILTER_PRESETS)[number]['key'];

/** The devices list's billed options (000 §9 'Billed options'; 001 §2.1): one of them applies. */
export const BILLED_OPTIONS = [
  { key: 'all_billed', label: 'All billed' },
  { key: 'registered_not_billed', label: 'Registered not billed' },
  { key: 'billed_not_registered', label: 'Billed not registered' },
] as const;
export type BilledOption = (typeof BILLED_OPTIONS)[number]['key'];

/**
 * Media and social site types in their two groups (000 §3.8; 002 §2.5 media type filter, §7
 * media_types as a comma list). The split between the groups is ours (docs/decisions/users.md
 * "Media types in their groups").
 */
export const MEDIA_TYPE_GROUPS = [
  {
    key: 'social_media',
    label: 'Social Media',
    types: [
      { key: 'group', label: 'Group' },
      { key: 'account', label: 'Account' },
      { key: 'review', label: 'Review' },
      { key: 'social_page', label: 'Social page' },
    ],
  },
  {
    key: 'video',
    label: 'Video',
    types: [
      { key: 'video', label: 'Video' },
      { key: 'channel', label: 'Channel' },
      { key: 'user_channel', label: 'User channel' },
      { key: 'album', label: 'Album' },
      { key: 'pro_page', label: 'Pro page' },
    ],
  },
] as const;
export type MediaType = (typeof MEDIA_TYPE_GROUPS)[number]['types'][number]['key'];
