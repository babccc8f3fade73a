/**
 * The account of the signed-in user: read with live counts, and edit address/telephone, social
 * profiles and logo. Every query is scoped by the session's account id.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  ADDRESS_LINES,
  MSG,
  SOCIAL_PROFILES,
  accountDetailsForm,
  type AccountResponse,
  type LogoRequest,
  type SocialMediaRequest,
  type UpdateAccountRequest,
} from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import type { AddressLine, SocialProfile } from '../../db/schema/index.js';
import type { BlobStore } from '../../lib/blobs.js';
import { audit } from '../../domain/access/audit.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import type { Actor } from '../../domain/access/actor.js';
import {
  accountCounts,
  countryCodeExists,
  findAccount,
  lockAccountAddress,
  logoKeyOf,
  saveAccount,
} from './repository.js';
import { decodeLogoData, logoFilename, normaliseLogo } from './logo.js';

export type AccountDeps = { db: Db; blobs: BlobStore; log: FastifyBaseLogger };

const unixSeconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : 0);

/** The stored lines padded to five, so the form always has adressLine1..5. */
function addressLines(stored: AddressLine[]): AddressLine[] {
  return Array.from(
    { length: ADDRESS_LINES },
    (_, i) => stored[i] ?? { label: `Address Line ${i + 1}`, value: '', required: false },
  );
}

/** Always the three profiles in order; stored values are matched by label. */
function socialProfiles(stored: SocialProfile[]): SocialProfile[] {
  return SOCIAL_PROFILES.map((p) => ({
    label: p.label,
    value: stored.find((s) => s.label.toLowerCase() === p.label.toLowerCase())?.value ?? '',
    website: p.website,
  }));
}

async function accountRow(db: Db, accountId: number) {
  const row = await findAccount(db, accountId);
  if (!row) throw notFound();
  return row;
}

async function readLogo(
  deps: AccountDeps,
  key: string | null,
  filename: string | null,
): Promise<AccountResponse['logo']> {
  if (!key) return null;
  try {
    return { data: (await deps.blobs.get(key)).toString('base64'), filename: filename ?? 'logo.png' };
  } catch (err) {
    deps.log.warn({ err, blobKey: key }, 'account logo blob missing');
    return null;
  }
}

export async function getAccount(deps: AccountDeps, accountId: number): Promise<AccountResponse> {
  const [a, counts] = await Promise.all([accountRow(deps.db, accountId), accountCounts(deps.db, accountId)]);
  return {
    account_name: a.name,
    account_number: a.accountNumber,
    s3_account_number: a.s3AccountNumber,
    console_registered: unixSeconds(a.consoleRegistered),
    country_name: a.countryName,
    support_provided_by: a.supportProvidedBy,
    ...counts,
    billed_not_registered_count: a.billedNotRegisteredCount,
    address: addressLines(a.address),
    telephone: a.telephone ?? null,
    logo: await readLogo(deps, a.logoBlobKey, a.logoFilename),
    sfa: {
      can_reregister: a.sfaCanReregister,
      date_registered: unixSeconds(a.sfaDateRegistered),
      administrator: a.sfaAdministrator ?? '',
      enterprise_id: a.sfaEnterpriseId ?? '',
    },
    social_media: socialProfiles(a.socialMedia),
    eset: a.esetEnabled
      ? { is_enabled: true, login_url: a.esetLoginUrl ?? '', administrators: a.esetAdministrators }
      : { is_enabled: false, login_url: '', administrators: [] },
  };
}

/** First issue of a failed parse, in the error plugin's shape (message plus fields by path). */
function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.');
    fields[key] ??= i.message;
  }
  return badRequest(issues[0]?.message ?? MSG.lastActionFailed, { fields });
}

/** POST /account: values of the five lines (labels and required flags stay the account's) and the telephone. */
export async function updateDetails(db: Db, actor: Actor, body: UpdateAccountRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const address = await lockAccountAddress(tx, actor.accountId);
    if (!address) throw notFound();
    const lines = addressLines(address);
    const checked = accountDetailsForm(lines).safeParse(body);
    if (!checked.success) throw validationError(checked.error.issues);
    const phone = checked.data.telephone;
    if (phone && !(await countryCodeExists(tx, phone.country_code_id)))
      throw badRequest(MSG.accountCountryCodeRequired, {
        fields: { 'telephone.country_code_id': MSG.accountCountryCodeRequired },
      });
    await saveAccount(tx, actor.accountId, {
      address: lines.map((l, i) => ({ ...l, value: checked.data.address[i] ?? '' })),
      telephone: phone,
    });
    await audit(tx, {
      action: 'account.updated',
      accountId: actor.accountId,
      actorUserId: actor.userId,
      targetType: 'account',
      targetId: actor.accountId,
      ip: actor.ip,
    });
  });
}

/** POST /account/social_media: the three handles in order; labels and websites are the product's. */
export async function updateSocialMedia(db: Db, actor: Actor, body: SocialMediaRequest): Promise<void> {
  const profiles = SOCIAL_PROFILES.map((p, i) => ({
    label: p.label,
    value: body.profiles[i]?.value ?? '',
    website: p.website,
  }));
  await db.transaction(async (tx) => {
    if (!(await saveAccount(tx, actor.accountId, { socialMedia: profiles }))) throw notFound();
    await audit(tx, {
      action: 'account.social_media_updated',
      accountId: actor.accountId,
      actorUserId: actor.userId,
      targetType: 'account',
      targetId: actor.accountId,
      ip: actor.ip,
    });
  });
}

/**
 * POST /account/logo: stores the re-encoded image, or removes the logo when data, filename and sizes
 * are all empty. The previous blob is deleted only after the row points at the new one.
 */
export async function setLogo(deps: AccountDeps, actor: Actor, body: LogoRequest): Promise<void> {
  const removing = body.data === '';
  if (removing && (body.filename !== '' || body.width !== 0 || body.height !== 0)) throw badRequest(MSG.invalidImage);
  if (!removing && (body.filename === '' || body.width === 0 || body.height === 0)) throw badRequest(MSG.invalidImage);

  let newKey: string | null = null;
  let filename: string | null = null;
  if (!removing) {
    const png = await normaliseLogo(decodeLogoData(body.data));
    newKey = await deps.blobs.put(png, 'png');
    filename = logoFilename(body.filename);
  }
  let oldKey: string | null;
  try {
    oldKey = await deps.db.transaction(async (tx) => {
      const key = await logoKeyOf(tx, actor.accountId, true);
      if (key === undefined) throw notFound();
      await saveAccount(tx, actor.accountId, { logoBlobKey: newKey, logoFilename: filename });
      await audit(tx, {
        action: removing ? 'account.logo_removed' : 'account.logo_updated',
        accountId: actor.accountId,
        actorUserId: actor.userId,
        targetType: 'account',
        targetId: actor.accountId,
        ip: actor.ip,
        ...(filename ? { details: { filename } } : {}),
      });
      return key;
    });
  } catch (err) {
    if (newKey) await deps.blobs.remove(newKey);
    throw err;
  }
  if (oldKey && oldKey !== newKey) {
    await deps.blobs
      .remove(oldKey)
      .catch((err: unknown) => deps.log.warn({ err, blobKey: oldKey }, 'old logo blob not removed'));
  }
}

/** The stored PNG and its blob key (an ETag), or null when the account has no logo. */
export async function logoImage(deps: AccountDeps, accountId: number): Promise<{ png: Buffer; key: string } | null> {
  const key = await logoKeyOf(deps.db, accountId);
  if (!key) return null;
  try {
    return { png: await deps.blobs.get(key), key };
  } catch (err) {
    deps.log.warn({ err, blobKey: key }, 'account logo blob missing');
    return null;
  }
}
