/** Which count goes where: the dashboard's tiles and the lists they open (000 §2.3). */
import type { RegistrationInfo } from '@wayguard/contracts';

type CountKey = {
  [K in keyof RegistrationInfo]: RegistrationInfo[K] extends number ? K : never;
}[keyof RegistrationInfo];

export type TileDef = { key: CountKey; label: string; to: string; testId: string };

export const REQUEST_TILES: TileDef[] = [
  { key: 'website_requests', label: 'Pending website requests', to: '/requests/website', testId: 'tile-website' },
  {
    key: 'website_requests_tech',
    label: 'Website requests pending for the support team',
    to: '/requests/website/pending/tech',
    testId: 'tile-website-tech',
  },
  { key: 'media_requests', label: 'Pending media requests', to: '/requests/media', testId: 'tile-media' },
  {
    key: 'media_requests_tech',
    label: 'Media requests pending for the support team',
    to: '/requests/media/pending/tech',
    testId: 'tile-media-tech',
  },
  { key: 'mobile_app_requests', label: 'Pending mobile app requests', to: '/requests/apps', testId: 'tile-apps' },
  {
    key: 'mobile_app_requests_tech',
    label: 'Mobile app requests pending for the support team',
    to: '/requests/apps/pending/tech',
    testId: 'tile-apps-tech',
  },
];

export const ALERT_TILES: TileDef[] = [
  {
    key: 'critical_alert_count',
    label: 'Critical device alerts',
    to: '/devices?critical_alerts=1',
    testId: 'tile-critical',
  },
  {
    key: 'important_alert_count',
    label: 'Important device alerts',
    to: '/devices?important_alerts=1',
    testId: 'tile-important',
  },
];

export const USER_TILES: TileDef[] = [
  {
    key: 'pending_users',
    label: 'Pending users',
    to: '/users?awaiting_activation=1&password_reset=1',
    testId: 'tile-pending-users',
  },
  { key: 'active_users', label: 'Active users', to: '/users?active_last_30_days=1', testId: 'tile-active-users' },
  {
    key: 'deactivated_users',
    label: 'Deactivated users',
    to: '/users?deactivated=1',
    testId: 'tile-deactivated-users',
  },
];

export const FAILED_EMAIL_LINK = '/users?failed_email_delivery=1';
