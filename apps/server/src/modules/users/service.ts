/**
 * Console users of the session's account: details, profile edits, status actions, creation and
 * options (000 §4.4-4.5, 002 §4.1-4.2). Every query is scoped by the session's account; an id of
 * another account reads as "Not found". State changes are conditional UPDATEs (WHERE the expected
 * state holds ... RETURNING), so that of two concurrent actions exactly one takes effect.
 */
import {
  personName,
  USER_MSG,
  USER_TYPE_IDS,
  type CreateUserRequest,
  type UserDetails,
  type UserOptionsRequest,
} from '@wayguard/contracts';
import type { Db, DbOrTx } from '../../db/client.js';
import { badRequest, forbidden, notInAccount, type HttpError } from '../../lib/http-errors.js';
import { authorize } from '../../domain/access/authorize.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { audit } from '../../domain/access/audit.js';
import { destroyUserSessions } from '../../domain/sessions/sessions.js';
import { forgetUserSessions, forgetUserSessionsEverywhere } from '../../domain/sessions/session-cache.js';
import { assertKnownZoneAndCodes } from '../../lib/reference-data.js';
import { issueActivation, issueResetCredential } from '../../domain/users/credentials.js';
import { spendPasswordVerification } from '../../domain/users/password-verification.js';
import { accountPermissions } from '../../domain/users/account-permissions.js';
import { devicesOfUser } from '../../domain/users/devices-of-user.js';
import { detailsColumns, detailsFieldsOf, findUserInAccount, type UserRecord } from '../../domain/users/user-rows.js';
import { TYPE_LABELS } from './repository.js';
import {
  deactivateUser,
  disableTwoFactor,
  enableTwoFactor,
  insertUser,
  lockAwaitingActivation,
  lockUserType,
  markPasswordReset,
  reactivateUser,
  setUserBooleanOption,
  setUserType,
  usernameTaken,
  userWithActivity,
} from './sql/user-rows.js';

export { updateUserDetails } from '../../domain/users/update-details.js';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

async function findUser(db: DbOrTx, s: Actor, id: number): Promise<UserRecord> {
  const u = await findUserInAccount(db, s.accountId, id);
  if (!u) throw notInAccount('user', id);
  return u;
}

/** After a conditional UPDATE matched nothing: 404 if the user is not in the account, else the state error. */
async function explainMiss(db: DbOrTx, s: Actor, id: number, stateError: (u: UserRecord) => HttpError): Promise<never> {
  throw stateError(await findUser(db, s, id));
}

/** GET /users/details. */
export async function userDetails(db: Db, s: Actor, id: number, now = new Date()): Promise<UserDetails> {
  const row = await userWithActivity(db, s.accountId, id, now);
  if (!row) throw notInAccount('user', id);
  const u = row.u;
  const devs = await devicesOfUser(db, s.accountId, 'user', u.id);
  return {
    id: u.id,
    username: u.username,
    ...detailsFieldsOf(u),
    type: { type: u.type, name: TYPE_LABELS[u.type] },
    status: u.status,
    last_active: seconds(u.lastActive),
    date_created: seconds(u.createdAt),
    created_by: u.createdByName,
    filters: {
      awaiting_activation: u.status === 'awaiting_activation',
      password_reset: u.status === 'password_reset',
      deactivated: u.status === 'deactivated',
      not_active_last_30_days: row.not_active_last_30_days,
      active_last_30_days: row.active_last_30_days,
      active_past_hour: row.active_past_hour,
      failed_email_delivery: u.failedEmailDate !== null,
    },
    language: u.language,
    devices: devs,
    deactivated_info: u.status === 'deactivated' ? { notes: u.deactivatedNotes ?? '' } : null,
    failed_email_delivery_info: u.failedEmailDate
      ? { date: seconds(u.failedEmailDate), reason: u.failedEmailReason ?? '' }
      : null,
    options: {
      mobile_app_access: u.options.mobile_app_access,
      beta_version_access: u.options.beta_version_access,
      enable_mfa_login: u.mfaEnabled,
    },
  };
}

type ActionRequest = {
  id: number;
  action: 'resend_activation_email' | 'reset_password' | 'deactivate' | 'reactivate';
  notes?: string | undefined;
};

/** POST /users: the row menu's status actions (000 §4.4). */
export async function userAction(db: Db, s: Actor, publicUrl: string, b: ActionRequest): Promise<void> {
  // Oneself: status changes are banned (000 §6); one's own password is changed, not reset (002 §4.1).
  authorize(s, 'user.change_status', b.id);
  const entry = (action: string, details?: Record<string, unknown>) => ({
    action,
    ...byActor(s),
    targetType: 'user',
    targetId: b.id,
    ...(details ? { details } : {}),
  });

  await db.transaction(async (tx) => {
    switch (b.action) {
      case 'resend_activation_email': {
        const u = await lockAwaitingActivation(tx, s.accountId, b.id);
        if (!u) return explainMiss(tx, s, b.id, () => badRequest(USER_MSG.notAwaitingActivation));
        await issueActivation(tx, publicUrl, u);
        await audit(tx, entry('user.activation_resent'));
        return;
      }
      case 'reset_password': {
        const u = await markPasswordReset(tx, s.accountId, b.id);
        if (!u) return explainMiss(tx, s, b.id, () => badRequest(USER_MSG.resetNotAllowed));
        await issueResetCredential(tx, publicUrl, u);
        await destroyUserSessions(tx, u.id);
        await audit(tx, entry('user.password_reset'));
        return;
      }
      case 'deactivate': {
        const u = await deactivateUser(tx, s.accountId, b.id, b.notes ?? null);
        if (!u) return explainMiss(tx, s, b.id, () => badRequest(USER_MSG.alreadyDeactivated));
        await destroyUserSessions(tx, u.id);
        await audit(tx, entry('user.deactivated', { notes: b.notes ?? '', previous_status: u.previousStatus }));
        return;
      }
      case 'reactivate': {
        const u = await reactivateUser(tx, s.accountId, b.id);
        if (!u) return explainMiss(tx, s, b.id, () => badRequest(USER_MSG.notDeactivated));
        await audit(tx, entry('user.reactivated', { notes: b.notes ?? '', status: u.status }));
        return;
      }
    }
  });
}

const isUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (e as { cause?: { code?: string } }).cause?.code === '23505';

/** POST /users/create (000 §4.5): a Console Admin of an account allowed to create users. */
export async function createUser(db: Db, s: Actor, publicUrl: string, b: CreateUserRequest): Promise<number> {
  if (!(await accountPermissions(db, s.accountId))?.allow_user_creation) throw forbidden(USER_MSG.creationNotAllowed);
  await assertKnownZoneAndCodes(db, b);
  const username = b.username.trim();
  if (await usernameTaken(db, username)) throw badRequest(USER_MSG.usernameTaken);
  const creator = await findUser(db, s, s.userId);
  const type = USER_TYPE_IDS[b.options.type_id];
  try {
    return await db.transaction(async (tx) => {
      const u = await insertUser(tx, {
        accountId: s.accountId,
        username,
        ...detailsColumns(b),
        type,
        status: 'awaiting_activation',
        options: { mobile_app_access: type === 'console_user', beta_version_access: false },
        createdById: creator.id,
        createdByName: personName({
          first_name: creator.firstName,
          last_name: creator.lastName,
          username: creator.username,
        }),
      });
      await issueActivation(tx, publicUrl, u);
      await audit(tx, {
        action: 'user.created',
        ...byActor(s),
        targetType: 'user',
        targetId: u.id,
        details: { username, type },
      });
      return u.id;
    });
  } catch (e) {
    // Two creations of one name at once: the unique index decides.
    if (isUniqueViolation(e)) throw badRequest(USER_MSG.usernameTaken);
    throw e;
  }
}

/** POST /users/options: a type change, or one boolean option (002 §4.2, §4.5, §5). */
export async function setUserOption(db: Db, s: Actor, b: UserOptionsRequest): Promise<void> {
  const entry = (action: string, details: Record<string, unknown>) => ({
    action,
    ...byActor(s),
    targetType: 'user',
    targetId: b.id,
    details,
  });
  const deactivatedOr = (other: HttpError) => (u: UserRecord) =>
    u.status === 'deactivated' ? badRequest(USER_MSG.deactivatedCannotChange) : other;

  if ('enable_mfa_login' in b) {
    // Only by a Console Admin, only on their own profile (002 §4.5, §5). Another's id is looked up
    // first, so that an id outside the account reads as Not found.
    if (b.id !== s.userId) await findUser(db, s, b.id);
    authorize(s, 'user.set_two_factor', b.id);
    await db.transaction(async (tx) => {
      if (!b.enable_mfa_login) {
        // Only with the password proved in the last minutes, and spent here (issue 25): a stolen
        // session alone cannot strip the second factor.
        await spendPasswordVerification(tx, s.sessionIdHash);
        await disableTwoFactor(tx, s.accountId, s.userId);
        await audit(tx, entry('mfa.disabled', {}));
        return;
      }
      // Turning it on happens at POST /profile/2fa/verify; here only a verified secret can be switched back on.
      if (!(await enableTwoFactor(tx, s.accountId, b.id))) throw badRequest(USER_MSG.mfaVerifyFirst);
      await audit(tx, entry('mfa.enabled', {}));
    });
    return;
  }

  if ('type_id' in b) {
    authorize(s, 'user.change_type', b.id);
    const type = USER_TYPE_IDS[b.type_id];
    // The user's sessions carry the role: none is served from the session cache with the old one.
    forgetUserSessions(b.id);
    await db.transaction(async (tx) => {
      const before = await lockUserType(tx, s.accountId, b.id);
      const set = await setUserType(tx, s.accountId, b.id, type);
      if (!set || !before) return explainMiss(tx, s, b.id, deactivatedOr(badRequest(USER_MSG.deactivatedCannotChange)));
      await forgetUserSessionsEverywhere(tx, b.id);
      if (before !== type) await audit(tx, entry('user.type_changed', { from: before, to: type }));
    });
    return;
  }

  const [key, value, refusal] =
    'mobile_app_access' in b
      ? (['mobile_app_access', b.mobile_app_access, USER_MSG.mobileAppAccessOnly] as const)
      : (['beta_version_access', b.beta_version_access, USER_MSG.betaAccessOnly] as const);
  await db.transaction(async (tx) => {
    if (!(await setUserBooleanOption(tx, s.accountId, b.id, key, value)))
      return explainMiss(tx, s, b.id, deactivatedOr(badRequest(refusal)));
    await audit(tx, entry('user.option_changed', { [key]: value }));
  });
}
