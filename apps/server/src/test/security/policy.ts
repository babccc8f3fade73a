/**
 * The security policy of every route, kept explicit. The suites read the app's own route table and
 * fail when a route is missing here (or an entry here names a route that no longer exists), so a new
 * route cannot ship without someone deciding: is it public, which roles may call it, what its ids
 * refer to, and what a valid call looks like.
 *
 * Keys are 'METHOD /path' with the path after API_BASE for console API routes, the full path otherwise.
 */
import { API_BASE, ROLES, type Role } from '@wayguard/contracts';
import { SUBJECT_RULES } from '../../domain/access/authorize.js';
import type { RouteInfo } from './context.js';

export { ROLES, type Role };

/** Console API routes reachable without a session (000 §2.1: sign-in, activation, reset password, Contact Us). */
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  'POST /login',
  'GET /recaptcha_token',
  'GET /check_activation_token',
  'POST /activation',
  'POST /reset_password',
  'GET /contact',
]);

/**
 * Routes outside the console API base, which the session guard does not cover. Each is public by
 * design; a new one under /api/ must be added here on purpose (a device API, say, needs its own guard
 * and its own suite). Non-/api/ GET routes are the web app's static files.
 */
export const NON_API_ROUTES: readonly { pattern: RegExp; why: string }[] = [
  { pattern: /^(GET|HEAD) \/api\/health$/, why: 'load balancer health check; answers status and version only' },
  { pattern: /^(GET|HEAD) \/api\/dev\/outbox$/, why: 'demo mail outbox; only when DEMO_OUTBOX (never in production)' },
  { pattern: /^(GET|HEAD) \/api\/docs(\/.*)?$/, why: 'OpenAPI document and Swagger UI: the contract, no data' },
  { pattern: /^(GET|HEAD) \/(?!api\/)[^*]*$/, why: 'static files of the web app (listed at start)' },
  {
    pattern: /^(GET|HEAD|POST|PUT) \/api\/agent\/v1\/[a-z_/{}:-]+$/,
    why: 'the device-facing API: plugins/agent-auth.ts guards it with device secrets (agent.test.ts)',
  },
  {
    pattern: /^(GET|HEAD|POST) \/api\/provider\/v1\/[a-z_/-]+$/,
    why: "the provider's review team API (issue 11): plugins/provider-auth.ts guards it with its own wg_provider sessions and CSRF tokens (provider.test.ts)",
  },
];

/**
 * Who may call each private route with the route's sample (below), which acts on another user of the
 * account where the route takes one: read from the routes' own declarations, never typed twice. A
 * route's `config.roles` say who gets past the auth plugin; a `config.subjectRule` (domain/access/authorize.ts)
 * narrows that to the roles the rule allows on another user, which the service enforces. Reading is
 * open to every role; acting on other users, server users, the account and two-factor set-up is the
 * Console Admin's (docs/decisions/users.md "Who may act"; 002 §6).
 */
export function roleTableOf(routes: readonly RouteInfo[]): Record<string, readonly Role[]> {
  const table: Record<string, readonly Role[]> = {};
  for (const r of routes) {
    if (!r.api || r.public || r.method === 'HEAD') continue;
    const onOthers: readonly Role[] = r.subjectRule ? SUBJECT_RULES[r.subjectRule].others : ROLES;
    table[r.key] = r.roles.filter((role) => onOthers.includes(role));
  }
  return table;
}

/**
 * What an id field refers to. A tenant entity names a catalogue entry of tenant.test.ts (rows of
 * one account); `global` marks reference data every account shares; `enum` a fixed code, not a row;
 * `scopedBy` a row found only among those of another field's tenant row (a device's replacement: the
 * device is the tenant check).
 */
export type IdRef = { tenant: TenantEntity } | { global: string } | { enum: string } | { scopedBy: string };
export type TenantEntity =
  | 'users'
  | 'server_users'
  | 'enrolment_tokens'
  | 'devices'
  | 'websites'
  | 'website_groups'
  | 'server_connections'
  | 'requests'
  | 'app_requests';
const COUNTRY_CODE: IdRef = { global: 'country_codes (reference data)' };
const USER_TYPE: IdRef = { enum: 'user type id 41/261/0' };
const APP: IdRef = { global: 'apps (the catalogue every account shares; assignable once the account approved it)' };

/**
 * Every field of a route's querystring, params or body named id, *_id, ids or *_ids, by path
 * ('query.id', 'body.telephone.country_code_id'). The suite finds them in the zod schemas and fails
 * on any not listed here.
 */
export const ID_FIELDS: Readonly<Record<string, Readonly<Record<string, IdRef>>>> = {
  'POST /agreement': { 'body.id': { global: 'agreements (published to every account)' } },
  'POST /profile': { 'body.telephone.country_code_id': COUNTRY_CODE, 'body.mobile.country_code_id': COUNTRY_CODE },
  'GET /users/details': { 'query.id': { tenant: 'users' } },
  'POST /users/details': {
    'body.id': { tenant: 'users' },
    'body.telephone.country_code_id': COUNTRY_CODE,
    'body.mobile.country_code_id': COUNTRY_CODE,
  },
  'POST /users': { 'body.id': { tenant: 'users' } },
  'POST /users/create': {
    'body.telephone.country_code_id': COUNTRY_CODE,
    'body.mobile.country_code_id': COUNTRY_CODE,
    'body.options.type_id': USER_TYPE,
  },
  'POST /users/options': { 'body.id': { tenant: 'users' }, 'body.type_id': USER_TYPE },
  'GET /server_users/details': { 'query.id': { tenant: 'server_users' } },
  'POST /server_users/server_user': { 'body.id': { tenant: 'server_users' } },
  'POST /server_users/options': { 'body.id': { tenant: 'server_users' } },
  'POST /account': { 'body.telephone.country_code_id': COUNTRY_CODE },
  'POST /enrolment_tokens/revoke': { 'body.id': { tenant: 'enrolment_tokens' } },
  'POST /enrolment_tokens': { 'body.user_id': { tenant: 'users' } },
  'GET /devices/details': { 'query.id': { tenant: 'devices' } },
  'POST /devices/details': { 'body.id': { tenant: 'devices' } },
  'GET /devices/alerts': { 'query.id': { tenant: 'devices' } },
  'GET /devices/config': { 'query.id': { tenant: 'devices' } },
  'POST /devices/config': { 'body.id': { tenant: 'devices' } },
  'PUT /devices/lock_mobile_device': { 'body.id': { tenant: 'devices' } },
  'POST /devices/reset_mobile_password': { 'body.id': { tenant: 'devices' } },
  'GET /devices/commands': { 'query.id': { tenant: 'devices' } },
  'GET /devices/timeline': { 'query.id': { tenant: 'devices' } },
  'GET /devices/replacement': { 'query.id': { tenant: 'devices' } },
  'POST /devices/replacement': {
    'body.id': { tenant: 'devices' },
    'body.replacement_id': { scopedBy: 'body.id (a pending replacement of that device, else 409)' },
  },
  'POST /devices/retire': { 'body.id': { tenant: 'devices' } },
  'POST /devices/mobile_user': { 'body.id': { tenant: 'devices' }, 'body.user_id': { tenant: 'users' } },
  // Web access: the samples' node is a machine (type server_user takes a server user's id instead).
  'GET /node/web_access/websites/list': { 'query.id': { tenant: 'devices' } },
  'GET /node/web_access/media/list': { 'query.id': { tenant: 'devices' } },
  'GET /node/web_access/websites/export': { 'query.id': { tenant: 'devices' } },
  'GET /node/web_access/media/export': { 'query.id': { tenant: 'devices' } },
  'GET /node/web_access/categories/list': { 'query.id': { tenant: 'devices' } },
  'GET /node/web_access/categories/count': { 'query.id': { tenant: 'devices' } },
  'POST /node/web_access/websites/access': {
    'body.node_id': { tenant: 'devices' },
    'body.website_id': { tenant: 'websites' },
    'body.media_id': { tenant: 'websites' },
    'body.custom_category_id': { tenant: 'website_groups' },
    'body.category_id': { global: 'web categories (the catalogue in contracts)' },
  },
  'GET /node/web_access/websites/media_info': { 'query.website_id': { tenant: 'websites' } },
  'POST /node/web_access/test': { 'body.node_id': { tenant: 'devices' } },
  // Requests (issue 11): threads by id; the block targets' sample names a machine, a console user and a connection.
  'GET /requests/details': { 'query.id': { tenant: 'requests' } },
  'GET /requests/devices': { 'query.id': { tenant: 'requests' } },
  'GET /requests/users': { 'query.id': { tenant: 'requests' } },
  'GET /requests/connections': { 'query.id': { tenant: 'requests' } },
  'POST /requests': {
    'body.id': { tenant: 'requests' },
    'body.group_id': { tenant: 'website_groups' },
    'body.devices[].id': { tenant: 'devices' },
    'body.category_id': { global: 'web categories (the catalogue in contracts)' },
  },
  'POST /requests/bookmark': { 'body.requestList[].id': { tenant: 'requests' } },
  'POST /requests/block': {
    'body.device.id': { tenant: 'devices' },
    'body.user.id': { tenant: 'users' },
    'body.items[].id': { tenant: 'server_connections' },
  },
  'POST /requests/block/batch': {
    'body.device.id': { tenant: 'devices' },
    'body.user.id': { tenant: 'users' },
    'body.items[].id': { tenant: 'server_connections' },
  },
  // Apps (issue 12): app threads by id; apps are the global catalogue's, approved per account (404 otherwise).
  'GET /app_requests/devices': { 'query.id': { tenant: 'app_requests' } },
  'GET /devices/mobile_apps': { 'query.id': { tenant: 'devices' }, 'query.user_id': { tenant: 'users' } },
  'POST /apps/user': { 'body.user_id': { tenant: 'users' }, 'body.app_id': APP },
  'POST /devices/mobile_apps/assigned': { 'body.id': { tenant: 'devices' }, 'body.app_id': APP },
  'POST /node/web_access/impact': {
    'body.scope.id': { tenant: 'server_connections' },
    'body.website_id': { tenant: 'websites' },
    'body.media_id': { tenant: 'websites' },
    'body.custom_category_id': { tenant: 'website_groups' },
    'body.category_id': { global: 'web categories (the catalogue in contracts)' },
    'body.request_ids': { tenant: 'requests' },
    'body.join_group_id': { tenant: 'website_groups' },
    'body.scope.devices[].id': { tenant: 'devices' },
  },
};

/**
 * A sample for one id field where the route's own sample cannot carry it (another branch of a
 * discriminated union): the tenant sweep tries that field on this body instead.
 */
export const FIELD_SAMPLES: Readonly<Record<string, Readonly<Record<string, (c: SampleCtx) => Sample>>>> = {
  'POST /node/web_access/impact': {
    'body.scope.devices[].id': (c) => ({
      body: {
        scope: { kind: 'devices', devices: [{ id: c.machine, type: 'machine' }] },
        rule: 'block',
        category_id: 50,
      },
    }),
  },
};

/** What a sample may refer to: the acting user and rows of the actor's account it may act on. */
export type SampleCtx = {
  actor: { id: number; email: string };
  /** An activated console user of the actor's account, other than the actor. */
  user: { id: number; email: string };
  /** A server user of the actor's account. */
  serverUser: number;
  /** The current Terms of Use. */
  agreementId: number;
  /** A live enrolment token of the actor's account. */
  enrolmentToken: number;
  /** Serials of an active machine and an active mobile of the actor's account. */
  machine: string;
  mobile: string;
  /** A website and a server connection of the actor's account. */
  website: number;
  connection: number;
  /** A pending website request thread of the actor's account. */
  request: number;
  /** A pending app request thread of the actor's account, its package, and an app the account approved (issue 12). */
  appRequest: number;
  appPackage: string;
  app: number;
  /** A review team member other than the suite's own (`provider`): the demo's trainee (issue 25). */
  providerStaff: number;
};
export type MultipartSample = {
  fields: Record<string, string>;
  files: { field: string; filename: string; contentType: string; content: Buffer }[];
};
export type Sample = {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
  multipart?: MultipartSample;
};

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const details = (email: string) => ({
  email_address: email,
  first_name: 'Pat',
  last_name: 'Sample',
  time_zone: 'Europe/London',
  telephone: { country_code_id: 19, area_code: '0161', number: '496000' },
});

const block = (c: SampleCtx): Sample => ({
  body: {
    url: 'https://blocked-by-suite.example',
    reason: 'Security suite',
    for: 'device',
    notify: { name: 'Pat Sample', email: 'pat@example.com' },
    device: { id: c.machine, type: 'machine' },
    user: { id: c.user.id, type: 'user' },
    items: [{ id: c.connection, type: 'connection' }],
  },
});

/** A valid call of every console API route (valid in shape; the service may still refuse it). */
export const SAMPLES: Readonly<Record<string, (c: SampleCtx) => Sample>> = {
  'POST /login': () => ({ body: { username: 'no.such.user', password: 'WrongPassword1' } }),
  'GET /recaptcha_token': () => ({}),
  'GET /check_activation_token': () => ({ query: { token: 'A'.repeat(64) } }),
  'POST /activation': () => ({
    body: {
      username: 'no.such.user',
      password: 'NewPassword1',
      password_confirm: 'NewPassword1',
      token: 'A'.repeat(64),
    },
  }),
  'POST /reset_password': () => ({ body: { username: 'no.such.user', email: 'nobody@example.com' } }),
  'GET /contact': () => ({}),
  'POST /logout': () => ({ body: {} }),
  'POST /verify_password': () => ({ body: { password: 'WrongPassword1' } }),
  'POST /change_password': () => ({ body: { password: 'ChangedPass1!' } }),
  'GET /registration_info': () => ({}),
  'GET /stats': () => ({}),
  'POST /agreement': (c) => ({
    body: { id: c.agreementId, result: 'accept', captured: 1_767_225_600, geolocation: null },
  }),
  'GET /news': () => ({}),
  'GET /profile': () => ({}),
  'POST /profile': (c) => ({ body: details(c.actor.email) }),
  'POST /profile/options': () => ({ body: { beta_version_access: true } }),
  'POST /profile/2fa/setup': () => ({ body: {} }),
  'POST /profile/2fa/verify': () => ({ body: { pin: '000000' } }),
  'GET /users': () => ({ query: { page: 1, count: 25, sort_by: 'last_name', query: 'a' } }),
  'GET /users/export': () => ({ query: { sort_by: 'username' } }),
  'GET /users/details': (c) => ({ query: { id: c.user.id } }),
  'POST /users/details': (c) => ({ body: { id: c.user.id, ...details(c.user.email) } }),
  'POST /users': (c) => ({ body: { id: c.user.id, action: 'deactivate', notes: 'security suite' } }),
  'POST /users/create': () => ({
    body: { username: 'sec.sample.user', ...details('sec.sample@example.com'), options: { type_id: 0 } },
  }),
  'POST /users/options': (c) => ({ body: { id: c.user.id, type_id: 261 } }),
  'GET /server_users/details': (c) => ({ query: { id: c.serverUser } }),
  'POST /server_users/server_user': (c) => ({ body: { id: c.serverUser, action: 'delete' } }),
  'GET /enrolment_tokens': () => ({}),
  'POST /enrolment_tokens': (c) => ({
    body: { label: 'Sample token', max_uses: 5, valid_days: 7, user_id: c.user.id },
  }),
  'POST /enrolment_tokens/revoke': (c) => ({ body: { id: c.enrolmentToken, retire_devices: false } }),
  'GET /devices': () => ({ query: { page: 1, count: 25, sort_by: 'name', query: 'a' } }),
  'GET /devices/export': () => ({ query: { sort_by: 'name' } }),
  'GET /devices/details': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'POST /devices/details': (c) => ({ body: { id: c.machine, type: 'machine', name: 'Security Sample PC' } }),
  'GET /devices/alerts': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'GET /devices/config': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'POST /devices/config': (c) => ({
    body: { id: c.machine, type: 'machine', bool_settings: [{ key: 'safe_search_enabled', value: false }] },
  }),
  'PUT /devices/lock_mobile_device': (c) => ({ body: { id: c.mobile } }),
  'POST /devices/reset_mobile_password': (c) => ({ body: { id: c.mobile, password: 'Sample1234', send_email: false } }),
  'GET /devices/commands': (c) => ({ query: { id: c.mobile, type: 'mobile' } }),
  'GET /devices/timeline': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'GET /devices/replacement': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'POST /devices/replacement': (c) => ({
    body: { id: c.machine, type: 'machine', replacement_id: 1, decision: 'refuse' },
  }),
  'POST /devices/retire': (c) => ({ body: { id: c.machine, type: 'machine' } }),
  'POST /devices/mobile_user': (c) => ({ body: { id: c.mobile, user_id: c.user.id } }),
  'GET /node/web_access/websites/list': (c) => ({
    query: { id: c.machine, type: 'machine', page: 1, count: 25, query: 'a', access_filters: 'blocked' },
  }),
  'GET /node/web_access/media/list': (c) => ({
    query: { id: c.machine, type: 'machine', sort_by: 'media_type', media_types: 'video' },
  }),
  'GET /node/web_access/websites/export': (c) => ({ query: { id: c.machine, type: 'machine', query: 'a' } }),
  'GET /node/web_access/media/export': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'GET /node/web_access/categories/list': (c) => ({ query: { id: c.machine, type: 'machine', query: 'a' } }),
  'GET /node/web_access/categories/count': (c) => ({ query: { id: c.machine, type: 'machine' } }),
  'POST /node/web_access/websites/access': (c) => ({
    body: { node_id: c.machine, node_type: 'machine', rule: 'block', website_id: c.website },
  }),
  'GET /node/web_access/websites/media_info': (c) => ({ query: { website_id: c.website } }),
  'POST /node/web_access/impact': (c) => ({
    body: { scope: { kind: 'connection', id: c.connection }, rule: 'block', category_id: 50 },
  }),
  'POST /node/web_access/test': (c) => ({
    body: { node_id: c.machine, node_type: 'machine', url: 'https://www.example.com/page' },
  }),
  'GET /requests': () => ({ query: { type: 'website', state: 'pending', status: 'admin', query: 'a', page: 1 } }),
  'GET /requests/export': () => ({ query: { type: 'website', state: 'approved', status: 'all' } }),
  'GET /requests/details': (c) => ({ query: { id: c.request, type: 'website' } }),
  'GET /requests/devices': (c) => ({ query: { id: c.request, type: 'website' } }),
  'GET /requests/users': (c) => ({ query: { id: c.request, type: 'website' } }),
  'GET /requests/connections': (c) => ({ query: { id: c.request, type: 'website' } }),
  'POST /requests': (c) => ({
    body: {
      id: [c.request],
      action: 'deny',
      type: 'website',
      reason: 'security suite',
      devices: [{ id: c.machine, type: 'machine' }],
    },
  }),
  'POST /requests/bookmark': (c) => ({ body: { action: 'add', requestList: [{ id: c.request, type: 'website' }] } }),
  'GET /app_requests': () => ({ query: { state: 'pending', status: 'admin', query: 'a', page: 1, sort_by: 'name' } }),
  'GET /app_requests/export': () => ({ query: { state: 'approved', status: 'all' } }),
  'GET /app_requests/devices': (c) => ({ query: { id: c.appRequest } }),
  'POST /app_requests': (c) => ({ body: { package_name: [c.appPackage], action: 'deny', reason: 'security suite' } }),
  'GET /app_requests/app': (c) => ({ query: { package_name: c.appPackage } }),
  'POST /app_requests/app': (c) => ({ body: { package_name: c.appPackage, assign_users: [], warning_accepted: true } }),
  'GET /devices/mobile_apps': (c) => ({ query: { id: c.mobile, page: 1, count: 25, query: 'a' } }),
  'POST /apps/user': (c) => ({ body: { app_id: c.app, action: 'assign', user_id: c.user.id } }),
  'POST /devices/mobile_apps/assigned': (c) => ({ body: { app_id: c.app, action: 'add', id: c.mobile } }),
  'GET /requests/block': () => ({}),
  'POST /requests/block': (c) => block(c),
  'POST /requests/block/batch': (c) => block(c),
  'GET /node/web_access/website_groups': () => ({ query: { type: 'company' } }),
  'POST /server_users/options': (c) => ({
    body: {
      id: c.serverUser,
      disable_media_requests: true,
      disable_website_requests: false,
      disallow_facebook_access: false,
      disallow_twitter_access: false,
      disallow_youtube_access: false,
      disallow_instagram_access: false,
      disallow_pinterest_access: false,
    },
  }),
  'GET /account': () => ({}),
  'POST /account': () => ({
    body: {
      address: ['Sample School', '1 Sample Road', '', '', ''],
      telephone: { country_code_id: 19, area_code: '0161', number: '496001' },
    },
  }),
  'POST /account/social_media': () => ({ body: { profiles: [{ value: 'a' }, { value: 'b' }, { value: '' }] } }),
  'POST /account/logo': () => ({ body: { data: PNG_1PX, filename: 'logo.png', width: 1, height: 1 } }),
  'GET /account/logo/image': () => ({}),
  'POST /feedback/create': () => ({
    multipart: {
      fields: {
        feedback_name: 'Pat Sample',
        feedback_email: 'pat@example.com',
        feedback_summary: 'Sample feedback',
        feedback_notes: 'Sent by the security suite.',
      },
      files: [
        { field: 'feedback_file[]', filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('hi') },
      ],
    },
  }),
};

/** A valid call of every provider API route (issue 11), keyed by the full path (they are outside API_BASE). */
export const PROVIDER_SAMPLES: Readonly<Record<string, (c: SampleCtx) => Sample>> = {
  'POST /api/provider/v1/login': () => ({ body: { username: 'no.such.staff', password: 'WrongPassword1' } }),
  'POST /api/provider/v1/logout': () => ({ body: {} }),
  'GET /api/provider/v1/session': () => ({}),
  'GET /api/provider/v1/queue': () => ({
    query: { page: 1, count: 25, sort_by: 'account', query: 'a', kind: 'website' },
  }),
  'GET /api/provider/v1/queue/details': (c) => ({ query: { id: c.request, kind: 'website' } }),
  'POST /api/provider/v1/decide': (c) => ({
    body: { id: c.request, kind: 'website', decision: 'deny', notes: 'security suite' },
  }),
  'GET /api/provider/v1/team': () => ({}),
  'POST /api/provider/v1/team/deactivate': (c) => ({ body: { id: c.providerStaff } }),
};

/** Multipart routes: the fields of their form, for the fuzzer (they have no body schema). */
export const MULTIPART_FIELDS: Readonly<Record<string, readonly string[]>> = {
  'POST /feedback/create': ['feedback_name', 'feedback_email', 'feedback_summary', 'feedback_notes'],
};

/** multipart/form-data body of a sample. */
export function encodeMultipart(m: MultipartSample, boundary = 'wgSecuritySuiteBoundary'): Buffer {
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(m.fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of m.files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const isApiPath = (url: string) => url.startsWith(`${API_BASE}/`);

/**
 * What a device API call may name of another device's or account's rows (issue 25): ids (command ids),
 * the device's own ids for its asks and events (which another device may reuse), its Idempotency-Key,
 * and names (packages, server users, a console user) that are not called id. tenant.test.ts calls each
 * device route with device A's secret and device B's (another account's) value in each such field.
 */
export type AgentCrossKind =
  | 'command'
  | 'client_request_id'
  | 'event_id'
  | 'idempotency_key'
  | 'package_name'
  | 'server_user_name'
  | 'console_user_name';

/** The values a device sample is built from: the calling device's own, or another's put in one field. */
export type AgentSampleValues = Record<AgentCrossKind, string>;
export type AgentSample = Sample & { headers?: Record<string, string> };

/** A valid call of every device route (`agent: 'device'`), keyed by the full path, and the kind of device making it. */
export const AGENT_SAMPLES: Readonly<
  Record<string, { kind: 'machine' | 'mobile'; sample: (v: AgentSampleValues) => AgentSample }>
> = {
  'POST /api/agent/v1/checkin': {
    kind: 'machine',
    sample: (v) => ({
      body: { seq: 5, users: [{ kind: 'server_user', username: v.server_user_name, last_active: 1_767_225_600 }] },
      headers: { 'idempotency-key': v.idempotency_key },
    }),
  },
  'PUT /api/agent/v1/inventory': {
    kind: 'mobile',
    sample: (v) => ({
      body: {
        os: 'Android',
        mobile: { user_name: v.console_user_name, apps: [{ package_name: v.package_name, name: 'Suite app' }] },
      },
    }),
  },
  'POST /api/agent/v1/events': {
    kind: 'machine',
    sample: (v) => ({
      body: {
        events: [
          {
            event_id: v.event_id,
            occurred: 1,
            code: 7,
            type: 'alert_raised',
            group_id: 'general_alert',
            title: 'Suite',
          },
        ],
      },
      headers: { 'idempotency-key': v.idempotency_key },
    }),
  },
  'GET /api/agent/v1/policy': { kind: 'machine', sample: () => ({}) },
  'GET /api/agent/v1/commands': { kind: 'machine', sample: () => ({}) },
  'POST /api/agent/v1/commands/:id/result': {
    kind: 'machine',
    sample: (v) => ({ params: { id: v.command }, body: { state: 'acknowledged' } }),
  },
  'POST /api/agent/v1/requests': {
    kind: 'mobile',
    sample: (v) => ({
      body: { request_id: v.client_request_id, kind: 'app', app: { package_name: v.package_name } },
      headers: { 'idempotency-key': v.idempotency_key },
    }),
  },
  'POST /api/agent/v1/block-page': {
    kind: 'machine',
    sample: (v) => ({
      body: { url: 'https://blocked-by-suite.example/', user: { kind: 'server_user', username: v.server_user_name } },
    }),
  },
};

/**
 * Each device route's fields naming another device's or account's rows, by path ('headers.idempotency-key'
 * included); every field the schema names id/*_id must be here, an `enum` one being a fixed code.
 */
export const AGENT_ID_FIELDS: Readonly<Record<string, Readonly<Record<string, AgentCrossKind | 'enum'>>>> = {
  'POST /api/agent/v1/checkin': {
    'body.users[].username': 'server_user_name',
    'headers.idempotency-key': 'idempotency_key',
  },
  'PUT /api/agent/v1/inventory': {
    'body.mobile.user_name': 'console_user_name',
    'body.mobile.apps[].package_name': 'package_name',
  },
  'POST /api/agent/v1/events': {
    'body.events[].event_id': 'event_id',
    'body.events[].group_id': 'enum',
    'headers.idempotency-key': 'idempotency_key',
  },
  'GET /api/agent/v1/policy': {},
  'GET /api/agent/v1/commands': {},
  'POST /api/agent/v1/commands/:id/result': { 'params.id': 'command' },
  'POST /api/agent/v1/requests': {
    'body.request_id': 'client_request_id',
    'body.app.package_name': 'package_name',
    'headers.idempotency-key': 'idempotency_key',
  },
  'POST /api/agent/v1/block-page': { 'body.user.username': 'server_user_name' },
};
