/**
 * Enrolment tokens of the session's account (docs/design/agent-api.md): list, create (the secret is in the
 * answer once and never stored), revoke. Console Admins only: the routes declare it.
 */
import {
  ENROLMENT_TOKEN,
  ENROLMENT_TOKEN_MSG,
  type EnrolmentToken,
  type EnrolmentTokenCreateRequest,
  type EnrolmentTokenCreateResponse,
  type EnrolmentTokenRevokeResponse,
} from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { audit } from '../../domain/access/audit.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { forgetDevice } from '../../domain/devices/agent-devices.js';
import { devicesEnrolledWith, retireDevice } from '../../domain/devices/device-retire.js';
import { badRequest, notInAccount } from '../../lib/http-errors.js';
import { findToken, insertToken, listTokens, revokeToken, usersNamed, type EnrolmentTokenRow } from './repository.js';

type TokenUser = { id: number; name: string } | null;

const DAY_MS = 86_400_000;
const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

export function tokenState(row: EnrolmentTokenRow, now: Date): EnrolmentToken['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  if (row.uses >= row.maxUses) return 'used_up';
  return 'active';
}

function toView(row: EnrolmentTokenRow, now: Date, user: TokenUser): EnrolmentToken {
  return {
    id: row.id,
    label: row.label,
    hint: `${row.hint}…`,
    state: tokenState(row, now),
    max_uses: row.maxUses,
    uses: row.uses,
    created_by: row.createdByName,
    date_created: seconds(row.createdAt),
    expires: seconds(row.expiresAt),
    revoked: seconds(row.revokedAt),
    user,
  };
}

/** GET /enrolment_tokens. */
export async function enrolmentTokens(db: Db, a: Actor, now = new Date()): Promise<{ tokens: EnrolmentToken[] }> {
  const rows = await listTokens(db, a.accountId);
  const names = await usersNamed(db, a.accountId, [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))]);
  return {
    tokens: rows.map((r) =>
      toView(r, now, r.userId && names.has(r.userId) ? { id: r.userId, name: names.get(r.userId)! } : null),
    ),
  };
}

/** POST /enrolment_tokens: a new random token; only its hash and its first characters are stored. */
export async function createEnrolmentToken(
  db: Db,
  a: Actor,
  b: EnrolmentTokenCreateRequest,
  now = new Date(),
): Promise<EnrolmentTokenCreateResponse> {
  const secret = `${ENROLMENT_TOKEN.prefix}${randomToken(ENROLMENT_TOKEN.bytes)}`;
  return db.transaction(async (tx) => {
    const userId = b.user_id ?? null;
    const user = userId === null ? null : (await usersNamed(tx, a.accountId, [userId])).get(userId);
    if (user === undefined) throw notInAccount('user', userId!, ENROLMENT_TOKEN_MSG.unknownUser);
    const row = await insertToken(tx, {
      userId,
      accountId: a.accountId,
      label: b.label,
      tokenHash: sha256(secret),
      hint: secret.slice(0, ENROLMENT_TOKEN.prefix.length + ENROLMENT_TOKEN.hintLength),
      maxUses: b.max_uses,
      createdByName: a.name,
      createdAt: now,
      expiresAt: new Date(now.getTime() + b.valid_days * DAY_MS),
    });
    await audit(tx, {
      action: 'enrolment_token.created',
      ...byActor(a),
      targetType: 'enrolment_token',
      targetId: row.id,
      details: {
        label: row.label,
        max_uses: row.maxUses,
        expires_at: row.expiresAt.toISOString(),
        user_id: userId,
      },
    });
    return { success: true, token: toView(row, now, userId === null ? null : { id: userId, name: user! }), secret };
  });
}

/**
 * POST /enrolment_tokens/revoke: at once; a second revoke (another admin first) is refused with its
 * reason. With `retireDevices`, every device the token enrolled that is not retired yet is retired in
 * the same transaction (domain/devices/device-retire.ts).
 */
export async function revokeEnrolmentToken(
  db: Db,
  a: Actor,
  id: number,
  retireDevices = false,
  now = new Date(),
): Promise<EnrolmentTokenRevokeResponse> {
  const retired = await db.transaction(async (tx) => {
    const row = await revokeToken(tx, a.accountId, id, now);
    if (!row) {
      if (!(await findToken(tx, a.accountId, id))) throw notInAccount('enrolment_token', id);
      throw badRequest(ENROLMENT_TOKEN_MSG.alreadyRevoked);
    }
    const done: number[] = [];
    if (retireDevices)
      for (const deviceId of await devicesEnrolledWith(tx, a.accountId, id))
        if (await retireDevice(tx, a, deviceId, `its enrolment token "${row.label}" was revoked`, now))
          done.push(deviceId);
    await audit(tx, {
      action: 'enrolment_token.revoked',
      ...byActor(a),
      targetType: 'enrolment_token',
      targetId: id,
      details: { retired_devices: done.length },
    });
    return done;
  });
  for (const deviceId of retired) forgetDevice(deviceId);
  return { success: true, retired: retired.length };
}
