/** GET /registration_info and the agreement gate (000 §3.1, §4.2). */
import { and, asc, desc, eq } from 'drizzle-orm';
import type { AgreementRequest, RegistrationInfo } from '@wayguard/contracts';
import type { Db } from '../../db/client.js';
import { accounts, agreementAcceptances, agreements, countryCodes, users } from '../../db/schema/index.js';
import { notFound, badRequest } from '../../lib/http-errors.js';
import { timeZones } from '../../lib/time-zones.js';
import { alertAndUserCounts, requestCounts } from './counts.js';
import type { SessionUser } from '../../types.js';

async function latestAgreement(db: Db, kind: 'terms_of_use' | 'eula' | 'privacy_policy') {
  const [a] = await db
    .select()
    .from(agreements)
    .where(eq(agreements.kind, kind))
    .orderBy(desc(agreements.publishedAt), desc(agreements.id))
    .limit(1);
  return a;
}

/** The newest Terms of Use when this user has not accepted it yet, else null. */
export async function pendingAgreement(db: Db, s: SessionUser) {
  const terms = await latestAgreement(db, 'terms_of_use');
  if (!terms) return null;
  const [accepted] = await db
    .select({ id: agreementAcceptances.id })
    .from(agreementAcceptances)
    .where(
      and(
        eq(agreementAcceptances.accountId, s.accountId),
        eq(agreementAcceptances.userId, s.userId),
        eq(agreementAcceptances.agreementId, terms.id),
        eq(agreementAcceptances.result, 'accept'),
      ),
    )
    .limit(1);
  return accepted ? null : terms;
}

export async function registrationInfo(db: Db, s: SessionUser, classicConsoleUrl: string): Promise<RegistrationInfo> {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, s.userId), eq(users.accountId, s.accountId)));
  if (!row) throw notFound();
  const [terms, eula, privacy, pending, codes, reqCounts, otherCounts] = await Promise.all([
    latestAgreement(db, 'terms_of_use'),
    latestAgreement(db, 'eula'),
    latestAgreement(db, 'privacy_policy'),
    pendingAgreement(db, s),
    db.select().from(countryCodes).orderBy(asc(countryCodes.countryName)),
    requestCounts(db, s.accountId),
    alertAndUserCounts(db, s.accountId),
  ]);
  const text = (a: { title: string; content: string } | undefined) => ({
    title: a?.title ?? '',
    content: a?.content ?? '',
  });
  return {
    user_id: row.user.id,
    user_full_name: `${row.user.firstName} ${row.user.lastName}`.trim(),
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

/** POST /agreement: records the answer to the current Terms of Use. Returns true when declined. */
export async function answerAgreement(db: Db, s: SessionUser, body: AgreementRequest, ip: string): Promise<boolean> {
  const terms = await latestAgreement(db, 'terms_of_use');
  if (!terms || terms.id !== body.id) throw badRequest('This agreement is not the current one.');
  await db.insert(agreementAcceptances).values({
    accountId: s.accountId,
    userId: s.userId,
    agreementId: terms.id,
    result: body.result,
    capturedAt: new Date(body.captured * 1000),
    longitude: body.geolocation?.longitude ?? null,
    latitude: body.geolocation?.latitude ?? null,
    ip,
  });
  return body.result === 'decline';
}
