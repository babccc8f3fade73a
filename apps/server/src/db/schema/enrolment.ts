import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantKey, zonedTime } from './columns.js';
import { deviceRef } from './devices.js';
import { users } from './users.js';

/**
 * Enrolment tokens (docs/design/agent-api.md): an administrator makes one, a device exchanges it for its
 * own secret. Only the SHA-256 of the token is stored, with its first characters as a hint.
 */
export const enrolmentTokens = pgTable(
  'enrolment_tokens',
  {
    ...tenantKey(),
    label: text('label').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    expiresAt: zonedTime('expires_at').notNull(),
    revokedAt: zonedTime('revoked_at'),
    /** The console user the token is made for (issue 25): a mobile it enrols is lent to that user. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('enrolment_tokens_account_created_idx').on(t.accountId, t.createdAt)],
);

/**
 * An enrolment of a known device's identity that did not prove it holds the device's secret (issue 25,
 * docs/decisions/devices.md "Device identity (issue 25)"): held until a Console Admin approves (the claim becomes the
 * device's secret) or refuses it. One pending a device: a newer one supersedes the older. Rows stay
 * after the decision, so that a refused claim keeps answering 'replacement_refused'.
 */
export const deviceReplacements = pgTable(
  'device_replacements',
  {
    ...tenantKey(),
    deviceId: deviceRef(),
    /** SHA-256 of the claim secret returned to the caller. */
    claimHash: text('claim_hash').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'refused', 'superseded'] })
      .notNull()
      .default('pending'),
    enrolmentTokenId: integer('enrolment_token_id'),
    tokenLabel: text('token_label').notNull().default(''),
    serial: text('serial').notNull(),
    instanceId: text('instance_id').notNull(),
    hardwareUuid: text('hardware_uuid').notNull().default(''),
    modelName: text('model_name').notNull().default(''),
    os: text('os').notNull().default(''),
    osVersion: text('os_version').notNull().default(''),
    agentVersion: text('agent_version').notNull().default(''),
    address: text('address').notNull().default(''),
    requestedAt: zonedTime('requested_at').notNull(),
    decidedAt: zonedTime('decided_at'),
    decidedByName: text('decided_by_name'),
  },
  (t) => [
    uniqueIndex('device_replacements_claim_uq').on(t.claimHash),
    uniqueIndex('device_replacements_pending_uq')
      .on(t.deviceId)
      .where(sql`${t.state} = 'pending'`),
  ],
);
