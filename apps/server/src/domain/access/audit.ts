/** Writes one audit record. Callers pass ids and names, never passwords or tokens. */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  accessRequests,
  appRequests,
  auditEvents,
  devices,
  enrolmentTokens,
  serverConnections,
  serverUsers,
  users,
  websiteGroups,
  websites,
} from '../../db/schema/index.js';
import type { NotInAccount, TenantTarget } from '../../lib/http-errors.js';
import type { Actor } from './actor.js';

export type AuditEntry = {
  action: string;
  accountId?: number | null;
  actorUserId?: number | null;
  targetType?: string;
  targetId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
  /** A member of the provider's review team acting in the account (domain/access/actor.ts `staff`): named in the details. */
  byStaff?: { id: number; name: string };
};

export async function audit(db: DbOrTx, e: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    action: e.action,
    accountId: e.accountId ?? null,
    actorUserId: e.actorUserId ?? null,
    targetType: e.targetType ?? null,
    targetId: e.targetId === undefined ? null : String(e.targetId),
    ip: e.ip ?? null,
    details: e.byStaff ? { ...e.details, by: e.byStaff.name, provider_staff_id: e.byStaff.id } : (e.details ?? null),
  });
}

/** The account that owns a row of each tenant-owned kind, or undefined when no such row exists. */
const OWNER: Record<
  Exclude<TenantTarget, 'device' | 'app_package'>,
  (db: DbOrTx, id: number) => Promise<number | undefined>
> = {
  user: async (db, id) => (await db.select({ a: users.accountId }).from(users).where(eq(users.id, id)).limit(1))[0]?.a,
  server_user: async (db, id) =>
    (await db.select({ a: serverUsers.accountId }).from(serverUsers).where(eq(serverUsers.id, id)).limit(1))[0]?.a,
  enrolment_token: async (db, id) =>
    (
      await db.select({ a: enrolmentTokens.accountId }).from(enrolmentTokens).where(eq(enrolmentTokens.id, id)).limit(1)
    )[0]?.a,
  website: async (db, id) =>
    (await db.select({ a: websites.accountId }).from(websites).where(eq(websites.id, id)).limit(1))[0]?.a,
  server_connection: async (db, id) =>
    (
      await db
        .select({ a: serverConnections.accountId })
        .from(serverConnections)
        .where(eq(serverConnections.id, id))
        .limit(1)
    )[0]?.a,
  access_request: async (db, id) =>
    (await db.select({ a: accessRequests.accountId }).from(accessRequests).where(eq(accessRequests.id, id)).limit(1))[0]
      ?.a,
  app_request: async (db, id) =>
    (await db.select({ a: appRequests.accountId }).from(appRequests).where(eq(appRequests.id, id)).limit(1))[0]?.a,
  website_group: async (db, id) =>
    (await db.select({ a: websiteGroups.accountId }).from(websiteGroups).where(eq(websiteGroups.id, id)).limit(1))[0]
      ?.a,
};

/** The account of a device with this serial (routes carry serials), another account's first if several have one. */
async function deviceOwner(db: DbOrTx, serial: string, actorAccountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ a: devices.accountId })
    .from(devices)
    .where(eq(devices.serial, serial))
    .orderBy(sql`${devices.accountId} = ${actorAccountId}`)
    .limit(1);
  return row?.a;
}

/** An account with an app thread of this package, another account's first if several have one. */
async function appPackageOwner(db: DbOrTx, packageName: string, actorAccountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ a: appRequests.accountId })
    .from(appRequests)
    .where(eq(appRequests.packageName, packageName))
    .orderBy(sql`${appRequests.accountId} = ${actorAccountId}`)
    .limit(1);
  return row?.a;
}

export const CROSS_ACCOUNT_DENIED = 'access.cross_account_denied';

/**
 * Called by the error handler for a NotInAccount answer (outside the service's transaction, which has
 * rolled back): when the id exists in another account, records the denied access under the actor's
 * account. The answer itself stays the plain 404 of a missing id.
 */
export async function auditCrossAccountMiss(
  db: DbOrTx,
  s: Actor,
  e: NotInAccount,
  request: { method: string; route: string },
): Promise<void> {
  const owner =
    e.targetType === 'device'
      ? await deviceOwner(db, String(e.targetId), s.accountId)
      : e.targetType === 'app_package'
        ? await appPackageOwner(db, String(e.targetId), s.accountId)
        : await OWNER[e.targetType](db, Number(e.targetId));
  if (owner === undefined || owner === s.accountId) return;
  await audit(db, {
    action: CROSS_ACCOUNT_DENIED,
    accountId: s.accountId,
    actorUserId: s.userId,
    targetType: e.targetType,
    targetId: e.targetId,
    ip: s.ip,
    details: { method: request.method, route: request.route },
  });
}
