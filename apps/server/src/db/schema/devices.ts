import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountColumn, cascadeRef, createdAt, serialId, tenantKey, zonedTime } from './columns.js';

export type KeyValue = { key: string; value: string };
export type BoolSetting = { key: string; value: boolean };

/** PC machines and mobile devices. `serial` is the id the spec's routes carry. */
export const devices = pgTable(
  'devices',
  {
    ...tenantKey(),
    kind: text('kind', { enum: ['machine', 'mobile'] }).notNull(),
    serial: text('serial').notNull(),
    name: text('name').notNull(),
    version: text('version').notNull().default(''),
    licenseKey: text('license_key').notNull().default(''),
    billedTo: text('billed_to').notNull().default(''),
    licenseType: text('license_type'),
    os: text('os').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    osBuildVersion: text('os_build_version'),
    modelName: text('model_name').notNull().default(''),
    billed: boolean('billed').notNull().default(true),
    registered: boolean('registered').notNull().default(true),
    /** The main user shown in the list: a console user or a server/local user. */
    userKind: text('user_kind', { enum: ['user', 'server_user', 'local_user'] }),
    userRefId: integer('user_ref_id'),
    registeredDate: zonedTime('registered_date'),
    lastOnline: zonedTime('last_online'),
    statusUpdated: zonedTime('status_updated'),
    detailsUpdated: zonedTime('details_updated'),
    updateInstalled: zonedTime('update_installed'),
    deactivatedDate: zonedTime('deactivated_date'),
    /** Machine-only or mobile-only detail (hard drives, keys, SIM cards, ...), shaped as 001 §3. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** SHA-256 of the device's secret for the device-facing API (docs/design/agent-api.md); null: never enrolled. */
    agentTokenHash: text('agent_token_hash'),
    /** The agent's own id for itself, kept across re-installs: re-enrolment finds the device by it. */
    instanceId: text('instance_id'),
    hardwareUuid: text('hardware_uuid').notNull().default(''),
    agentVersion: text('agent_version').notNull().default(''),
    checkinIntervalS: integer('checkin_interval_s').notNull().default(300),
    /** The newest check-in's sequence number: an older one arriving late changes nothing. */
    lastCheckinSeq: bigint('last_checkin_seq', { mode: 'number' }).notNull().default(-1),
    enrolledAt: zonedTime('enrolled_at'),
    /** The address of the device's last enrolment (issue 25: shown beside a replacement's). */
    enrolledFrom: text('enrolled_from').notNull().default(''),
    enrolmentTokenId: integer('enrolment_token_id'),
    /** The policy version the device last reported applying at check-in (docs/design/agent-api.md 'Policy'). */
    appliedPolicyVersion: text('applied_policy_version'),
    policyAppliedAt: zonedTime('policy_applied_at'),
    /**
     * Open alerts of each severity, kept by a trigger on device_alerts (migration 0012): the list shows
     * them for its 25 rows without counting alerts per row. No index holds them (check-ins stay HOT).
     */
    openCriticalAlerts: integer('open_critical_alerts').notNull().default(0),
    openImportantAlerts: integer('open_important_alerts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('devices_account_kind_serial_uq').on(t.accountId, t.kind, t.serial),
    uniqueIndex('devices_account_instance_uq')
      .on(t.accountId, t.instanceId)
      .where(sql`${t.instanceId} IS NOT NULL`),
    uniqueIndex('devices_agent_token_hash_uq').on(t.agentTokenHash),
    index('devices_account_user_idx').on(t.accountId, t.userKind, t.userRefId),
    // The devices list's sort keys (001 §2.1), each ending in id so that pages are stable.
    index('devices_account_name_id_idx').on(t.accountId, t.name, t.id),
    index('devices_account_kind_name_idx').on(t.accountId, t.kind, t.name, t.id),
    index('devices_account_serial_idx').on(t.accountId, t.serial, t.id),
    index('devices_account_os_idx').on(t.accountId, t.os, t.name, t.id),
    index('devices_account_version_idx').on(t.accountId, t.version, t.name, t.id),
    // No index holds last_online, last_checkin_seq or the versions a check-in writes: a check-in's update
    // then stays on its page without touching any index (a HOT update), the device API's hottest write.
    // Sorting or filtering the list by last online reads the account's devices instead (rare, and its
    // large totals are kept a while: domain/devices/devices-list-cache.ts).
    // The list's default view (deactivated devices left out) by name: the page's ids come
    // from this index alone (modules/devices/sql/list.ts pages ids first, then reads those rows).
    index('devices_account_active_name_idx')
      .on(t.accountId, t.name, t.id)
      .where(sql`${t.deactivatedDate} IS NULL`),
    // The list's search: SEARCH_HAYSTACK of modules/devices/sql/list.ts, exactly.
    index('devices_search_trgm_idx').using(
      'gin',
      sql`lower(${t.name} || E'\\n' || ${t.serial} || E'\\n' || ${t.modelName} || E'\\n' || ${t.os}) gin_trgm_ops`,
    ),
  ],
);

/** A device's own row (its alerts, commands, timeline, ...): deleted with the device. */
export const deviceRef = () => cascadeRef('device_id', () => devices.id);

/**
 * How many devices an account has, by kind and by whether they are deactivated, kept by a trigger on
 * devices (migration 0012): the devices list's total for a view that filters on nothing else (its
 * default view among them) is read here, exact and at once, instead of counting 100,000 rows.
 */
export const deviceCounts = pgTable(
  'device_counts',
  {
    accountId: accountColumn(),
    kind: text('kind', { enum: ['machine', 'mobile'] }).notNull(),
    deactivated: boolean('deactivated').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.kind, t.deactivated] })],
);

/** Every user seen on a device, with when they were last active there. */
export const deviceUsers = pgTable(
  'device_users',
  {
    accountId: accountColumn(),
    deviceId: deviceRef(),
    userKind: text('user_kind', { enum: ['user', 'server_user', 'local_user'] }).notNull(),
    userRefId: integer('user_ref_id').notNull(),
    lastActive: zonedTime('last_active'),
  },
  (t) => [
    uniqueIndex('device_users_uq').on(t.accountId, t.deviceId, t.userKind, t.userRefId),
    index('device_users_account_user_idx').on(t.accountId, t.userKind, t.userRefId),
  ],
);

/** Alerts raised by a device (001 §3). Open while cleared_at is null. */
export const deviceAlerts = pgTable(
  'device_alerts',
  {
    id: serialId(),
    accountId: accountColumn(),
    deviceId: deviceRef(),
    code: integer('code').notNull(),
    groupId: text('group_id', {
      enum: ['critical_warning', 'service_alert', 'update_failure', 'validation_failure', 'general_alert'],
    }).notNull(),
    severity: text('severity', { enum: ['critical', 'important'] }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    clearedAt: zonedTime('cleared_at'),
  },
  (t) => [
    index('device_alerts_account_open_idx').on(t.accountId, t.severity, t.clearedAt),
    index('device_alerts_account_device_open_idx')
      .on(t.accountId, t.deviceId, t.severity)
      .where(sql`${t.clearedAt} IS NULL`),
  ],
);

/** Device configuration (bool and string settings, lock state). */
export const deviceConfigs = pgTable('device_configs', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  accountId: accountColumn(),
  boolSettings: jsonb('bool_settings').$type<BoolSetting[]>().notNull().default([]),
  stringSettings: jsonb('string_settings').$type<KeyValue[]>().notNull().default([]),
  isUnlocked: boolean('is_unlocked').notNull().default(false),
  /**
   * The version of the device's effective policy (a hash of its canonical content), written whenever
   * what it is computed from changes, so that GET /api/agent/v1/policy answers 304 without computing it.
   */
  policyVersion: text('policy_version').notNull().default(''),
  /**
   * The policy's number for a person (issue 26): 1 for the device's first version, one more whenever a
   * version is stored that differs from `numberedVersion` (the last one numbered; kept while
   * `policyVersion` is cleared), so the page and timeline say 'policy version 3', not a hash.
   */
  policyNumber: integer('policy_number').notNull().default(0),
  numberedVersion: text('numbered_version').notNull().default(''),
  updatedAt: zonedTime('updated_at').notNull().defaultNow(),
});

/**
 * Events a device sent (docs/design/agent-api.md POST /events), by the agent's own id: a second copy of
 * an event (a retry) finds its id here and changes nothing.
 */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: serialId(),
    accountId: accountColumn(),
    deviceId: deviceRef(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    occurredAt: zonedTime('occurred_at').notNull(),
    receivedAt: zonedTime('received_at').notNull().defaultNow(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    uniqueIndex('device_events_device_event_uq').on(t.accountId, t.deviceId, t.eventId),
    index('device_events_account_device_time_idx').on(t.accountId, t.deviceId, t.occurredAt),
  ],
);

/**
 * The first answer to each `Idempotency-Key` a device sent with a POST (docs/design/agent-api.md), kept a
 * day: the same key and body get that answer again, the same key with another body 422.
 */
export const agentIdempotency = pgTable(
  'agent_idempotency',
  {
    accountId: accountColumn(),
    deviceId: deviceRef(),
    route: text('route').notNull(),
    key: text('key').notNull(),
    bodyHash: text('body_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agent_idempotency_key_uq').on(t.accountId, t.deviceId, t.key),
    index('agent_idempotency_created_idx').on(t.createdAt),
    // The per-device cap (domain/devices/agent-idempotency.ts): the device's newest keys first.
    index('agent_idempotency_device_created_idx').on(t.accountId, t.deviceId, t.createdAt, t.key),
  ],
);

/**
 * Commands for a device (docs/design/agent-api.md 'Commands'): pending -> delivered -> acknowledged ->
 * completed | failed, or expired / cancelled. A set_password command's payload holds the password
 * encrypted (lib/crypto), and is emptied once the command ends.
 */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: serialId(),
    accountId: accountColumn(),
    deviceId: deviceRef(),
    type: text('type', { enum: ['lock_screen', 'set_password', 'install_app', 'uninstall_app'] }).notNull(),
    state: text('state', {
      enum: ['pending', 'delivered', 'acknowledged', 'completed', 'failed', 'expired', 'cancelled'],
    })
      .notNull()
      .default('pending'),
    payload: jsonb('payload').$type<Record<string, string | boolean | number>>().notNull().default({}),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    deliveredAt: zonedTime('delivered_at'),
    deliveryCount: integer('delivery_count').notNull().default(0),
    acknowledgedAt: zonedTime('acknowledged_at'),
    finishedAt: zonedTime('finished_at'),
    expiresAt: zonedTime('expires_at').notNull(),
    error: text('error').notNull().default(''),
  },
  (t) => [
    index('device_commands_account_device_idx').on(t.accountId, t.deviceId, t.id),
    index('device_commands_account_open_idx')
      .on(t.accountId, t.deviceId, t.state)
      .where(sql`${t.state} IN ('pending', 'delivered', 'acknowledged')`),
  ],
);

/**
 * The device timeline (ours): one line per thing that happened to a device, written in the same
 * transaction as the change (domain/devices/device-timeline.ts). Newest first by id.
 */
export const deviceTimeline = pgTable(
  'device_timeline',
  {
    id: serialId(),
    accountId: accountColumn(),
    deviceId: deviceRef(),
    kind: text('kind').notNull(),
    at: zonedTime('at').notNull().defaultNow(),
    text: text('text').notNull(),
    actor: text('actor').notNull().default(''),
  },
  (t) => [index('device_timeline_account_device_idx').on(t.accountId, t.deviceId, t.id)],
);
