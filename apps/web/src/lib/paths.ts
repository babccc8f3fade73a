/**
 * Every route path and link of the console (000 §2.1, 001 §2, 002 §2.1), built in one place. Each
 * entry has `path`, the route's pattern (the router's route table takes its segments from it, see
 * `segment`), and `href(...)`, the address to link or navigate to. Deep links carry their list
 * filters as the list reads them (`?awaiting_activation=1&password_reset=1`), typed from the
 * contracts' filter keys: `paths.users.list.href({ filters: ['awaiting_activation', 'password_reset'] })`.
 * A page with ids in its address reads them back with `parse(params)` beside `href` (the route's
 * parameters as `useParams()` gives them; null when they cannot name anything):
 * `paths.devices.parse(useParams())`, `paths.users.details.parse(params)`.
 */
import {
  DEVICE_ID_MAX,
  ID_MAX,
  type DeviceFilterFlag,
  type DeviceKind,
  type UserFilterFlag,
} from '@wayguard/contracts';

type Query = Record<string, string | null | undefined>;
/** A route's parameters, as the router's useParams() gives them. */
type RouteParams = Readonly<Record<string, string | undefined>>;

function withQuery(path: string, params: Query): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

/** A list address with its filter flags switched on (each as `flag=1`, the list's URL form). */
function withFlags<F extends string>(path: string, filters: readonly F[] = []): string {
  return withQuery(path, Object.fromEntries(filters.map((f) => [f, '1'])));
}

const id = (value: number | string) => encodeURIComponent(String(value));

export type DevicePage = 'settings' | 'categories' | 'websites' | 'media' | 'apps';
export type RequestKind = 'website' | 'media' | 'apps';
export type RequestState = 'pending' | 'pending/tech' | 'approved' | 'denied';
/** The server user's pages below its own (000 §2.1, 002 §2.1). */
export type ServerUserPage = 'settings' | 'websites' | 'categories' | 'media' | 'screen-captures';

export const paths = {
  home: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    href: (params: { username?: string | null; email?: string | null } = {}) => withQuery('/login', params),
  },
  activate: { path: '/activate', href: () => '/activate' },
  /** The provider's review team area (issue 11): outside the console's shell and session. */
  provider: {
    path: '/provider',
    href: () => '/provider',
    login: { path: '/provider/login', href: () => '/provider/login' },
    /** The team's own page (issue 25): members, deactivation. */
    team: { path: '/provider/team', href: () => '/provider/team' },
  },
  resetPassword: {
    path: '/reset_password',
    href: (username?: string | null) => withQuery('/reset_password', { username: username?.trim() }),
  },
  legal: {
    path: '/legal',
    privacy: { path: '/legal/privacy', href: () => '/legal/privacy' },
    terms: { path: '/legal/terms', href: () => '/legal/terms' },
    cookies: { path: '/legal/cookies', href: () => '/legal/cookies' },
  },
  support: {
    contact: { path: '/support', href: () => '/support' },
    feedback: { path: '/support/feedback', href: () => '/support/feedback' },
    terms: { path: '/support/agreements/terms', href: () => '/support/agreements/terms' },
    licenseAgreement: {
      path: '/support/agreements/license-agreement',
      href: () => '/support/agreements/license-agreement',
    },
    privacyPolicy: { path: '/support/agreements/privacy-policy', href: () => '/support/agreements/privacy-policy' },
  },
  account: {
    path: '/account',
    /** `addLogo` opens the logo editor at once (the dashboard's logo tile, 000 §2.3). */
    href: (params: { addLogo?: boolean } = {}) => withQuery('/account', { add_logo: params.addLogo ? '1' : null }),
  },
  requests: {
    path: '/requests',
    href: (kind?: RequestKind, state: RequestState = 'pending') =>
      !kind ? '/requests' : state === 'pending' ? `/requests/${kind}` : `/requests/${kind}/${state}`,
  },
  devices: {
    list: {
      path: '/devices',
      href: (params: { filters?: readonly DeviceFilterFlag[] } = {}) => withFlags('/devices', params.filters),
    },
    machine: { path: '/devices/machine/:machineId' },
    mobile: { path: '/devices/mobile/:mobileId' },
    /** /device/{type}/{id}: another address of the device settings tab (001 §2.3). */
    legacy: { path: '/device/:type/:id' },
    /** A device's own page, or one of its tabs (`kind`: machine or mobile, as the address holds it). */
    href: (kind: string, deviceId: string, page?: DevicePage) =>
      `/devices/${id(kind)}/${id(deviceId)}${page ? `/${page}` : ''}`,
    /** The device of a device page's address: the kind from the parameter's name (machineId or mobileId) and a usable serial. */
    parse: (params: RouteParams): { kind: DeviceKind; id: string } | null => {
      const kind: DeviceKind | null =
        params.machineId !== undefined ? 'machine' : params.mobileId !== undefined ? 'mobile' : null;
      if (!kind) return null;
      // contracts' deviceIdField (trimmed, 1 to DEVICE_ID_MAX), checked without zod: this module is in the
      // sign-in bundle (issue 8's 150 KiB budget), and a zod schema here puts zod's core there (+34 KiB).
      const serial = (kind === 'machine' ? params.machineId : params.mobileId)?.trim() ?? '';
      return serial.length >= 1 && serial.length <= DEVICE_ID_MAX ? { kind, id: serial } : null;
    },
  },
  users: {
    list: {
      path: '/users',
      href: (params: { filters?: readonly UserFilterFlag[] } = {}) => withFlags('/users', params.filters),
    },
    details: {
      path: '/users/:userId',
      href: (userId: number) => `/users/${id(userId)}`,
      /** The console user of a /users/:userId page (and its settings and apps pages). */
      parse: (params: RouteParams): number | null => parseRouteId(params.userId),
    },
    settings: { path: '/users/:userId/settings', href: (userId: number) => `/users/${id(userId)}/settings` },
    apps: { path: '/users/:userId/apps', href: (userId: number) => `/users/${id(userId)}/apps` },
    serverUser: {
      path: '/users/server_users/:serverUserId',
      href: (serverUserId: number, page?: ServerUserPage) =>
        `/users/server_users/${id(serverUserId)}${page ? `/${page}` : ''}`,
      /** The server user of a /users/server_users/:serverUserId page. */
      parse: (params: RouteParams): number | null => parseRouteId(params.serverUserId),
    },
  },
} as const;

/**
 * The part of `path` below `parent`, for a nested route's `path` (`segment(paths.users.details.path,
 * paths.users.list.path)` is ':userId').
 */
export function segment(path: string, parent: string): string {
  const base = parent.endsWith('/') ? parent : `${parent}/`;
  if (!path.startsWith(base)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(base.length);
}

/** A route's id parameter as a positive database id (at most contracts' ID_MAX), or null when it cannot be one. */
export function parseRouteId(param: string | undefined): number | null {
  if (!param || !/^[1-9][0-9]{0,9}$/.test(param)) return null;
  const value = Number(param);
  return value <= ID_MAX ? value : null;
}
