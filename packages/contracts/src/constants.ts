/** Business constants from the spec (000 §9, 001 §9, 002 §9). One place; both sides import them. */
export const PRODUCT_NAME = 'Wayguard';
export const CONSOLE_NAME = 'Wayguard Console';
export const APP_VERSION = '2.9.2';
export const API_BASE = '/api/mobile/admin';
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

export const USER_FILTER_FLAGS = [
  'awaiting_activation',
  'password_reset',
  'deactivated',
  'not_active_last_30_days',
  'active_last_30_days',
  'active_past_hour',
  'failed_email_delivery',
] as const;
export type UserFilterFlag = (typeof USER_FILTER_FLAGS)[number];
