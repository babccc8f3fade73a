/** GET /registration_info, the stats poll, the agreement gate and the news tile (000 §3.1, §4.2). */
import { MSG, personName, type AgreementRequest, type News, type RegistrationInfo } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { notFound, badRequest } from '../../lib/http-errors.js';
import { timeZones } from '../../lib/time-zones.js';
import { audit } from '../../domain/access/audit.js';
import { byActor, type Actor } from '../../domain/access/actor.js';
import { destroySession } from '../../domain/sessions/sessions.js';
import {
  alertAndUserCounts,
  allCountryCodes,
  hasAccepted,
  insertAgreementAnswer,
  latestAgreement,
  newestNews,
  requestCounts,
  userWithAccount,
} from './repository.js';

/** The newest Terms of Use when this user has not accepted it yet, else null. */
export async function pendingAgreement(db: Db, a: Pick<Actor, 'accountId' | 'userId'>) {
  const terms = await latestAgreement(db, 'terms_of_use');
  if (!terms) return null;
  return (await hasAccepted(db, a.accountId, a.userId, terms.id)) ? null : terms;
}

export async function registrationInfo(db: Db, a: Actor, classicConsoleUrl: string): Promise<RegistrationInfo> {
  const row = await userWithAccount(db, a.accountId, a.userId);
  if (!row) throw notFound();
  const [terms, eula, privacy, pending, codes, reqCounts, otherCounts] = await Promise.all([
    latestAgreement(db, 'terms_of_use'),
    latestAgreement(db, 'eula'),
    latestAgreement(db, 'privacy_policy'),
    pendingAgreement(db, a),
    allCountryCodes(db),
    requestCounts(db, a.accountId),
    alertAndUserCounts(db, a.accountId),
  ]);
  const text = (x: { title: string; content: string } | undefined) => ({
    title: x?.title ?? '',
    content: x?.content ?? '',
  });
  return {
    user_id: row.user.id,
    user_full_name: personName(
      { first_name: row.user.firstName, last_name: row.user.lastName, username: row.user.username },
      '',
    ),
    user_email: row.user.email,
    company_name: row.account.name,
    company_id: row.account.id,
    classic_console_url: classicConsoleUrl,
    has_confirmed_details: row.user.hasConfirmedDetails,
    user_type: row.user.type,
    agreement: pending ? { id: pending.id, title: pending.title } : null,
    agreements: { terms_of_use: text(terms), eula: text(eula), privacy_policy: text(privacy) },
    time_zones: timeZones(),
    country_codes: codes.map((c) => ({ id: c.id, country_name: c.countryName, digits: c.digits })),
    access_permissions: row.account.accessPermissions,
    ...reqCounts,
    ...otherCounts,
  };
}

/** GET /stats: the Requests menu's counts. */
export const stats = (db: Db, a: Actor) => requestCounts(db, a.accountId);

/**
 * POST /agreement: records the answer to the current Terms of Use, audited. Declining ends this
 * session (the route clears the cookie). Returns true when declined.
 */
export async function answerAgreement(db: Db, a: Actor, body: AgreementRequest): Promise<boolean> {
  const terms = await latestAgreement(db, 'terms_of_use');
  if (!terms || terms.id !== body.id) throw badRequest(MSG.agreementNotCurrent);
  await insertAgreementAnswer(db, {
    accountId: a.accountId,
    userId: a.userId,
    agreementId: terms.id,
    result: body.result,
    capturedAt: new Date(body.captured * 1000),
    longitude: body.geolocation?.longitude ?? null,
    latitude: body.geolocation?.latitude ?? null,
    ip: a.ip,
  });
  const declined = body.result === 'decline';
  await audit(db, {
    action: declined ? 'agreement.declined' : 'agreement.accepted',
    ...byActor(a),
    targetType: 'agreement',
    targetId: body.id,
  });
  if (declined) await destroySession(db, a.sessionIdHash);
  return declined;
}

/** GET /news. */
export async function latestNews(db: Db): Promise<News['items']> {
  const items = await newestNews(db);
  return items.map((n) => ({ id: n.id, title: n.title, body: n.body, link: n.link }));
}
