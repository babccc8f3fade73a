/**
 * The device-facing API under /api/agent/v1 (docs/design/agent-api.md): enrolment, check-in and inventory so far.
 * Devices authenticate with `Authorization: Bearer <device secret>`; every answer carries
 * `server_time` (epoch seconds). An answer of 401 carries `error_code`: 'reenrol' (unknown or revoked
 * secret: enrol again), 'token_invalid' (the enrolment token cannot enrol), 'replacement_pending' (the
 * secret is a replacement's claim an administrator has not approved yet: wait and try again later),
 * 'replacement_refused' (an administrator refused that replacement) or 'device_retired' (an
 * administrator retired the device: stop). 429 carries 'slow_down' and 503 (a full check-in queue)
 * 'busy', both with `retry_after` seconds and the Retry-After header.
 */
import { z } from 'zod';
import { MEDIA_TYPE_GROUPS, type MediaType } from './constants.js';
import { matchMode, ruleAction } from './web-access/rules.js';
import { weeklySchedule } from './web-access/schedule.js';

export const AGENT_BASE = '/api/agent/v1';
export const AGENT_CHECKIN_INTERVAL_S = 300;

export const AGENT_ERROR_CODES = [
  'reenrol',
  'token_invalid',
  'replacement_pending',
  'replacement_refused',
  'device_retired',
  'slow_down',
  'busy',
] as const;
export type AgentErrorCode = (typeof AGENT_ERROR_CODES)[number];

export const AGENT_MSG = {
  reenrol: 'Unknown or revoked device secret: enrol the device again',
  tokenInvalid: 'This enrolment token cannot enrol a device: it has expired, been revoked or been used up',
  replacementPending: 'This device replaces an enrolled one and waits for an administrator to approve it',
  replacementRefused: 'An administrator refused this device as a replacement',
  deviceRetired: 'An administrator retired this device: it can no longer call the service',
  /** 429 error_code 'slow_down': this device called a route class more often than its limit; retry after retry_after seconds. */
  slowDown: 'Too many calls from this device: wait retry_after seconds and try again',
  /** 503 error_code 'busy': the server cannot take this check-in now; retry after retry_after seconds. */
  busy: 'The server is busy: wait retry_after seconds and try again',
} as const;

/**
 * What an enrolment gave: 'enrolled' (the secret works now), or 'replacement_pending' (the identity is
 * an enrolled device's and the caller did not prove it holds that device's secret: the secret sent is a
 * claim that works only once a Console Admin approves the replacement; until then calls with it answer
 * 401 'replacement_pending').
 */
export const AGENT_ENROLL_STATUSES = ['enrolled', 'replacement_pending'] as const;

const text = (max: number) => z.string().trim().max(max);

export const agentEnrollRequest = z.object({
  token: z.string().min(1).max(200),
  /** Made once by the agent and kept across restarts: the device's identity. */
  instance_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  kind: z.enum(['machine', 'mobile']),
  serial: text(64).min(1),
  hardware_uuid: text(64).default(''),
  name: text(64).min(1),
  os: text(64).default(''),
  os_version: text(64).default(''),
  agent_version: text(32).default(''),
  model: text(128).default(''),
  /**
   * Ours (issue 12): the username the mobile's owner gave. Information only (issue 25): a device never
   * chooses its console user; an administrator links it, or the token was made for a user
   * (docs/decisions/devices.md "Device identity (issue 25)").
   */
  user: text(64).optional(),
});
/** As the agent sends it (defaults optional), and as the server reads it (defaults filled in). */
export type AgentEnrollRequest = z.input<typeof agentEnrollRequest>;
export type AgentEnrollment = z.output<typeof agentEnrollRequest>;

export const agentEnrollResponse = z.object({
  server_time: z.number(),
  device_id: z.number(),
  /** Sent as `Authorization: Bearer <device_secret>` from now on; only its hash is kept. */
  device_secret: z.string(),
  checkin_interval_s: z.number(),
  status: z.enum(AGENT_ENROLL_STATUSES),
});
export type AgentEnrollResponse = z.infer<typeof agentEnrollResponse>;

export const agentCheckinRequest = z.object({
  /** Grows with every check-in the agent makes: an older one arriving late changes nothing. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  agent_version: text(32).optional(),
  os_version: text(64).optional(),
  /** The policy version (GET /policy's ETag value) the device runs now: the console shows applied or pending. */
  applied_policy_version: text(64).optional(),
  /** Users active on the device since the last check-in (machines: server or local users by name). */
  users: z
    .array(
      z.object({
        kind: z.enum(['server_user', 'local_user']),
        username: text(64).min(1),
        /** Epoch seconds. */
        last_active: z.number().int().min(0).max(4_102_444_800),
      }),
    )
    .max(32)
    .optional(),
});
export type AgentCheckinRequest = z.infer<typeof agentCheckinRequest>;

export const agentCheckinResponse = z.object({
  server_time: z.number(),
  checkin_interval_s: z.number(),
  /** False when this check-in was older than one already recorded (it changed nothing). */
  applied: z.boolean(),
  /** The device's current policy version: fetch GET /policy when it differs from the one applied. */
  policy_version: z.string(),
  /** Commands waiting for the device (GET /commands). */
  commands_waiting: z.number(),
});
export type AgentCheckinResponse = z.infer<typeof agentCheckinResponse>;

export const agentErrorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  error_code: z.enum(AGENT_ERROR_CODES).optional(),
  /** With 'slow_down' (429) and 'busy' (503): seconds to wait before calling again, as the Retry-After header. */
  retry_after: z.number().int().positive().optional(),
  server_time: z.number(),
});

// --- PUT /inventory: the full snapshot of a device's details (001 §3) ---------------------------------

const item = text(128);
const list = <T extends z.ZodType>(of: T) => z.array(of).max(64).default([]);
/** Epoch seconds; 0 when unknown. */
const epoch = z.number().int().min(0).max(4_102_444_800).default(0);

export const simCard = z.object({
  name: item.default(''),
  carrier_name: item.default(''),
  phone_number: text(32).default(''),
  roaming: z.boolean().default(false),
  imei: text(32).default(''),
});

/** Who a machine's safe-search user is (001 §3 'safe_search_user_type (local_user or server_user)'). */
export const SAFE_SEARCH_USER_TYPES = ['local_user', 'server_user'] as const;

/** Machine-only details (001 §3 "Machine-only"), without the users seen on it (check-ins report those). */
export const machineInventory = z.object({
  manufacturer_serial: item.default(''),
  warranty_type: item.default(''),
  warranty_period: item.default(''),
  dispatch_date: epoch,
  language: text(64).default(''),
  windows_product_keys: list(z.object({ product: item, key: text(64) })),
  office_product_keys: list(z.object({ product: item, key: text(64) })),
  hard_drives: list(
    z.object({
      name: item,
      interface_type: text(32).default(''),
      media_type: text(64).default(''),
      model: item.default(''),
      /** Bytes. */
      capacity: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
    }),
  ),
  /** Memory in bytes. */
  graphics_cards: list(
    z.object({ name: item, memory: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) }),
  ),
  processor: item.default(''),
  uuid: text(64).default(''),
  network_adapters: list(z.object({ name: item, mac_address: text(32).default(''), ip_address: text(64).default('') })),
  networking_name: item.default(''),
  domain: item.default(''),
  sim_cards: list(simCard),
  filter_mode: text(64).default(''),
  filter_mode_recorded: epoch,
  /**
   * The user whose safe-search settings apply now (001 §3), by username and type: the server matches
   * it among the account's server and local users as check-ins match users (an unknown name is shown
   * without a link). Information only: it links nothing and never names a console user (issue 25).
   * Absent when the machine reports none.
   */
  safe_search_user: text(64).optional(),
  safe_search_user_type: z.enum(SAFE_SEARCH_USER_TYPES).nullable().optional(),
  /** Epoch seconds. */
  safe_search_user_recorded: z.number().int().min(0).max(4_102_444_800).optional(),
});
export type MachineInventory = z.output<typeof machineInventory>;

/** An app as a device names it (an ask, or a line of its inventory): the catalogue fills in the rest. */
export const agentAppRef = z.object({
  package_name: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_]+)+$/),
  name: text(256).default(''),
  version: text(64).default(''),
  /** Ours: where the device found it ('Google Play Store' or another store); '' = unknown. */
  source: text(128).default(''),
});

/** Apps one inventory may report (ours). */
export const AGENT_INVENTORY_APPS_MAX = 1000;

/** Mobile-only details (001 §3 "Mobile-only"); the linked user by username. */
export const mobileInventory = z.object({
  imei: text(32).default(''),
  /**
   * The console user the mobile is lent to now, by username (001 §3 'user_name (linked user)'): a change
   * lends it to that user ('' ends the link); absent leaves the link as it is; an unknown name is ignored.
   */
  user_name: text(64).optional(),
  zero_touch_enrolled: z.boolean().default(false),
  secondary_account_count: z.number().int().min(0).max(1000).default(0),
  sim_cards: list(simCard),
  /**
   * The apps installed now with their versions (issue 12): the whole list, replacing the last one;
   * absent leaves the last list as it was. `installed_at`: epoch seconds, 0 when unknown.
   */
  apps: z
    .array(agentAppRef.extend({ installed_at: z.number().int().min(0).max(4_102_444_800).default(0) }))
    .max(AGENT_INVENTORY_APPS_MAX)
    .optional(),
});
export type MobileInventory = z.output<typeof mobileInventory>;

/**
 * The whole snapshot, sent again whenever something changes (idempotent: the same snapshot twice
 * leaves the same device). `machine` for a machine, `mobile` for a mobile: the other is refused.
 */
export const agentInventoryRequest = z.object({
  os: text(64).optional(),
  os_version: text(64).optional(),
  os_build_version: text(64).optional(),
  model: text(128).optional(),
  license_key: text(64).optional(),
  /** When the newest update was installed (epoch seconds). */
  update_installed: z.number().int().min(0).max(4_102_444_800).optional(),
  machine: machineInventory.optional(),
  mobile: mobileInventory.optional(),
});
export type AgentInventoryRequest = z.input<typeof agentInventoryRequest>;
export type AgentInventory = z.output<typeof agentInventoryRequest>;

export const agentInventoryResponse = z.object({
  server_time: z.number(),
  /** When the details were recorded (epoch seconds): the device page's "details updated". */
  details_updated: z.number(),
});

export const AGENT_INVENTORY_MSG = {
  wrongKind: (kind: 'machine' | 'mobile') => `This device is a ${kind}: send its details as "${kind}"`,
} as const;

// --- POST /events: alerts raised and cleared, batched, each with the agent's own event id ----------------

export const ALERT_GROUPS = [
  'critical_warning',
  'service_alert',
  'update_failure',
  'validation_failure',
  'general_alert',
] as const;
export type AlertGroup = (typeof ALERT_GROUPS)[number];

export const AGENT_EVENTS_MAX = 100;

const eventBase = {
  /** Made by the agent; an event id already received is ignored (retries never double an alert). */
  event_id: z
    .string()
    .min(8)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** When it happened on the device (epoch seconds). */
  occurred: z.number().int().min(0).max(4_102_444_800),
  code: z.number().int().min(1).max(99_999),
};

export const agentEvent = z.discriminatedUnion('type', [
  z.object({
    ...eventBase,
    type: z.literal('alert_raised'),
    group_id: z.enum(ALERT_GROUPS),
    title: text(128).min(1),
    description: text(1000).default(''),
  }),
  z.object({ ...eventBase, type: z.literal('alert_cleared') }),
]);
export type AgentEvent = z.output<typeof agentEvent>;

export const agentEventsRequest = z.object({ events: z.array(agentEvent).min(1).max(AGENT_EVENTS_MAX) });
export type AgentEventsRequest = z.input<typeof agentEventsRequest>;

export const agentEventsResponse = z.object({
  server_time: z.number(),
  /** Events applied now. */
  accepted: z.number(),
  /** Events whose id had been received before: ignored. */
  duplicates: z.number(),
});
export type AgentEventsResponse = z.infer<typeof agentEventsResponse>;

// --- Idempotency-Key on the device routes' POSTs ----------------------------------------------------------

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
/** How long an answer is kept for a repeated key. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_MSG = {
  badKey: 'The Idempotency-Key must be 1 to 128 letters, digits or _ . : -',
  reused: 'This Idempotency-Key was already used with another request body',
} as const;

// --- GET /commands, POST /commands/{id}/result (docs/design/agent-api.md 'Commands') ----------------------------

/**
 * What a command carries to the device: a lock has nothing, a password its new value, an app install or
 * uninstall its package_name (and, installing, mandatory: its user may not remove it).
 */
export const agentCommand = z.object({
  id: z.number(),
  type: z.enum(['lock_screen', 'set_password', 'install_app', 'uninstall_app']),
  payload: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
  /** Epoch seconds: past it, the command is expired and must not run. */
  expires_at: z.number(),
});
export type AgentCommand = z.infer<typeof agentCommand>;
export const agentCommandsResponse = z.object({ server_time: z.number(), commands: z.array(agentCommand) });
export type AgentCommandsResponse = z.infer<typeof agentCommandsResponse>;

export const AGENT_COMMAND_RESULTS = ['acknowledged', 'completed', 'failed'] as const;
export const agentCommandParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const agentCommandResultRequest = z.object({
  state: z.enum(AGENT_COMMAND_RESULTS),
  /** Why it failed (state failed). */
  error: text(500).optional(),
});
export type AgentCommandResultRequest = z.infer<typeof agentCommandResultRequest>;
export const agentCommandResultResponse = z.object({
  server_time: z.number(),
  /** The command's state after this result (a later state never goes back). */
  state: z.enum(['pending', 'delivered', 'acknowledged', 'completed', 'failed', 'expired', 'cancelled']),
  /** False when the result changed nothing (a repeat, or a state already passed). */
  applied: z.boolean(),
});
export const AGENT_COMMAND_MSG = {
  notFound: 'No such command for this device',
} as const;

// --- GET /policy (docs/design/agent-api.md 'Policy') -------------------------------------------------------------

const patternMatch = { pattern: z.string(), match: matchMode };

/**
 * A rule of the device's chain as the agent applies it (docs/design/policy.md 'Resolution order'): `level`
 * is its scope's place in the chain (0 = the account; nearer scopes are higher). Website groups come
 * with their members' patterns, media items with their address (matched exactly).
 */
export const agentWebAccessRule = z.object({
  id: z.number(),
  level: z.number(),
  scope: z.enum(['account', 'connection', 'user', 'device']),
  action: ruleAction,
  subject: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('category'), id: z.number() }),
    z.object({ kind: z.literal('website'), id: z.number(), ...patternMatch }),
    z.object({ kind: z.literal('media'), id: z.number(), pattern: z.string() }),
    z.object({ kind: z.literal('website_group'), id: z.number(), members: z.array(z.object(patternMatch)) }),
  ]),
  schedule: weeklySchedule.nullable(),
  expires_at: z.string().nullable(),
});
export type AgentWebAccessRule = z.infer<typeof agentWebAccessRule>;

/** The compiled web access of a device: what its agent filters with, from the one resolver's rules. */
export const agentWebAccessPolicy = z.object({
  /** What applies when no rule does (the account's default mode). */
  default: ruleAction,
  /** Schedules are read on this zone's wall clock. */
  time_zone: z.string(),
  locked_categories: z.array(z.number()),
  rules: z.array(agentWebAccessRule),
  /** The account's categorised websites for every category a rule names or the provider locks. */
  categorised: z.array(z.object({ ...patternMatch, category_id: z.number() })),
  /** Requests from this device's users (its settings and its user's options, 002 §2.2, §2.10). */
  website_requests: z.boolean(),
  media_requests: z.boolean(),
  /** Social sites its user may not open (server-user options disallow_*_access, 002 §3). */
  disallowed_social: z.array(z.string()),
});
export type AgentWebAccessPolicy = z.infer<typeof agentWebAccessPolicy>;

/**
 * The device's effective policy: its settings and its compiled web access. `version` is the ETag's
 * value (a hash of the canonical content).
 */
export const agentPolicyResponse = z.object({
  server_time: z.number(),
  version: z.string(),
  bool_settings: z.array(z.object({ key: z.string(), value: z.boolean() })),
  string_settings: z.array(z.object({ key: z.string(), value: z.string() })),
  web_access: agentWebAccessPolicy,
});
export type AgentPolicyResponse = z.infer<typeof agentPolicyResponse>;

// --- POST /requests: a monitored user asks for a website or a media item (001 §2.4, issue 11) ------------

/**
 * What the device is told of its ask:
 * - created: a new pending thread; joined: the ask joined the subject's pending thread;
 * - duplicate: this (device, request_id) was received before: the first answer's thread, nothing doubled;
 * - prevented: an administrator denied the subject and prevented further requests;
 * - not_blocked: the address is allowed for this device and user now (nothing to ask);
 * - locked: the address is in a category the provider locks (nobody can allow it);
 * - disabled: requests of this kind are turned off for the device or its user.
 */
export const AGENT_REQUEST_STATUSES = [
  'created',
  'joined',
  'duplicate',
  'prevented',
  'not_blocked',
  'locked',
  'disabled',
] as const;
export type AgentRequestStatus = (typeof AGENT_REQUEST_STATUSES)[number];
export const AGENT_REQUEST_ID_MAX = 64;
export const AGENT_REQUEST_NOTES_MAX = 500;
export const AGENT_REQUEST_URL_MAX = 2048;
const MEDIA_TYPES = MEDIA_TYPE_GROUPS.flatMap((g) => g.types.map((t) => t.key)) as [MediaType, ...MediaType[]];

export const AGENT_REQUEST_MSG = {
  urlInvalid: 'The request URL is not a valid web address',
  mediaMissing: 'A media request needs its media item (media.type and media.title)',
  appMissing: 'An app request needs its app (app.package_name)',
  urlMissing: 'A website or media request needs its url',
} as const;

export const agentRequestBody = z
  .object({
    /** Made by the agent for this ask; sending it again is the same ask. */
    request_id: z
      .string()
      .min(1)
      .max(AGENT_REQUEST_ID_MAX)
      .regex(/^[A-Za-z0-9_.:-]+$/),
    kind: z.enum(['website', 'media', 'app']),
    /** The address asked for (website, media); an app ask may send its store page or nothing. */
    url: z.string().trim().max(AGENT_REQUEST_URL_MAX).default(''),
    title: text(256).default(''),
    notes: text(AGENT_REQUEST_NOTES_MAX).default(''),
    /** Who asks on a shared machine (as check-in names users); default: the device's current user. */
    user: z.object({ kind: z.enum(['server_user', 'local_user']), username: text(64).min(1) }).optional(),
    /** The media item (media requests). */
    media: z
      .object({
        type: z.enum(MEDIA_TYPES),
        title: text(256).min(1),
        thumbnail: text(AGENT_REQUEST_URL_MAX).default(''),
        description: text(1000).default(''),
      })
      .optional(),
    /** The app (app requests, issue 12). */
    app: agentAppRef.optional(),
  })
  .refine((b) => b.kind !== 'media' || b.media !== undefined, {
    message: AGENT_REQUEST_MSG.mediaMissing,
    path: ['media'],
  })
  .refine((b) => b.kind !== 'app' || b.app !== undefined, {
    message: AGENT_REQUEST_MSG.appMissing,
    path: ['app'],
  })
  .refine((b) => b.kind === 'app' || b.url !== '', {
    message: AGENT_REQUEST_MSG.urlMissing,
    path: ['url'],
  });
export type AgentRequestBody = z.input<typeof agentRequestBody>;
export type AgentRequest = z.output<typeof agentRequestBody>;

export const agentRequestResponse = z.object({
  server_time: z.number(),
  status: z.enum(AGENT_REQUEST_STATUSES),
  /** The thread (the console's request id); null when no thread was made or joined. */
  request_id: z.number().nullable(),
});
export type AgentRequestResponse = z.infer<typeof agentRequestResponse>;
