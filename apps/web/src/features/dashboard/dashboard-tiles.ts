/** Which count goes where: the dashboard's tiles and the lists they open (000 §2.3), deep links built by lib/paths. */
import { USER_TILE_FILTERS, type RegistrationInfo } from '@wayguard/contracts';
import { paths } from '../../lib/paths';

export type CountKey = {
  [K in keyof RegistrationInfo]: RegistrationInfo[K] extends number ? K : never;
}[keyof RegistrationInfo];

/** `counts`: what the number is, under it (the user tiles are subsets of the users list, not its total). */
export type TileDef = { key: CountKey; label: string; to: string; testId: string; counts?: string };

export const REQUEST_TILES: TileDef[] = [
  {
    key: 'website_requests',
    label: 'Pending website requests',
    to: paths.requests.href('website'),
    testId: 'tile-website',
  },
  {
    key: 'website_requests_tech',
    label: 'Website requests pending for the support team',
    to: paths.requests.href('website', 'pending/tech'),
    testId: 'tile-website-tech',
  },
  { key: 'media_requests', label: 'Pending media requests', to: paths.requests.href('media'), testId: 'tile-media' },
  {
    key: 'media_requests_tech',
    label: 'Media requests pending for the support team',
    to: paths.requests.href('media', 'pending/tech'),
    testId: 'tile-media-tech',
  },
  {
    key: 'mobile_app_requests',
    label: 'Pending mobile app requests',
    to: paths.requests.href('apps'),
    testId: 'tile-apps',
  },
  {
    key: 'mobile_app_requests_tech',
    label: 'Mobile app requests pending for the support team',
    to: paths.requests.href('apps', 'pending/tech'),
    testId: 'tile-apps-tech',
  },
];

export const ALERT_TILES: TileDef[] = [
  {
    key: 'critical_alert_count',
    label: 'Critical device alerts',
    to: paths.devices.list.href({ filters: ['critical_alerts'] }),
    testId: 'tile-critical',
  },
  {
    key: 'important_alert_count',
    label: 'Important device alerts',
    to: paths.devices.list.href({ filters: ['important_alerts'] }),
    testId: 'tile-important',
  },
];

/** The users list with a tile's filters: the server counts the tile with the same ones (USER_TILE_FILTERS). */
const usersWith = (tile: keyof typeof USER_TILE_FILTERS) =>
  paths.users.list.href({ filters: [...USER_TILE_FILTERS[tile]] });

export const USER_TILES: TileDef[] = [
  {
    key: 'pending_users',
    label: 'Pending users',
    to: usersWith('pending_users'),
    testId: 'tile-pending-users',
    counts: 'Awaiting activation or a password reset',
  },
  {
    key: 'active_users',
    label: 'Active users',
    to: usersWith('active_users'),
    testId: 'tile-active-users',
    counts: 'Active in the last 30 days',
  },
  {
    key: 'deactivated_users',
    label: 'Deactivated users',
    to: usersWith('deactivated_users'),
    testId: 'tile-deactivated-users',
    counts: 'Deactivated console users, deleted server users',
  },
];

export const FAILED_EMAIL_LINK = paths.users.list.href({ filters: ['failed_email_delivery'] });
