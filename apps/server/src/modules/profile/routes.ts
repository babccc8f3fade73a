/** The signed-in user's own details (000 §3.3, §7.2): read, and save (which also confirms them). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { MSG, profileResponse, successResponse, userDetailsRequest } from '@wayguard/contracts';
import { requireSession } from '../../plugins/auth.js';
import { countryCodes, users } from '../../db/schema/index.js';
import { badRequest, notFound } from '../../lib/http-errors.js';
import { audit } from '../../lib/audit.js';
import { consumePasswordVerification, passwordRecentlyVerified } from '../../lib/password-verification.js';
import { timeZones } from '../../lib/time-zones.js';

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/profile', { schema: { tags: ['profile'], response: { 200: profileResponse } } }, async (request) => {
    const s = requireSession(request);
    const [u] = await app.db
      .select()
      .from(users)
      .where(and(eq(users.id, s.userId), eq(users.accountId, s.accountId)));
    if (!u) throw notFound();
    return {
      username: u.username,
      email_address: u.email,
      first_name: u.firstName,
      last_name: u.lastName,
      time_zone: u.timeZone,
      telephone: u.telephone ?? null,
      mobile: u.mobile ?? null,
      has_confirmed_details: u.hasConfirmedDetails,
    };
  });

  app.post(
    '/profile',
    { schema: { tags: ['profile'], body: userDetailsRequest, response: { 200: successResponse } } },
    async (request) => {
      const s = requireSession(request);
      const b = request.body;
      // Only the zones and country codes that registration_info offers: the browser formats dates with the
      // stored zone, and an unknown one would make every date on the page throw.
      if (!timeZones().some((z) => z.name === b.time_zone)) throw badRequest(MSG.timezoneRequired);
      const wanted = [b.telephone?.country_code_id, b.mobile?.country_code_id].filter(
        (id): id is number => id !== undefined,
      );
      if (wanted.length > 0) {
        const known = new Set((await app.db.select({ id: countryCodes.id }).from(countryCodes)).map((c) => c.id));
        if (!wanted.every((id) => known.has(id))) throw badRequest(MSG.countryCodeRequired);
      }
      // Changing one's own e-mail needs a password verification in this session first (000 §4.4).
      const [current] = await app.db
        .select({ email: users.email })
        .from(users)
        .where(and(eq(users.id, s.userId), eq(users.accountId, s.accountId)));
      const emailChanged = current !== undefined && current.email.toLowerCase() !== b.email_address.toLowerCase();
      if (emailChanged && !(await passwordRecentlyVerified(app.db, s.sessionIdHash)))
        throw badRequest(MSG.verifyPasswordFailed);
      // The change, the spent verification and the audit record together, or none of them.
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({
            email: b.email_address,
            firstName: b.first_name,
            lastName: b.last_name,
            timeZone: b.time_zone,
            telephone: b.telephone ?? null,
            mobile: b.mobile ?? null,
            hasConfirmedDetails: true,
          })
          .where(and(eq(users.id, s.userId), eq(users.accountId, s.accountId)));
        if (emailChanged) await consumePasswordVerification(tx, s.sessionIdHash);
        await audit(tx, {
          action: 'profile.updated',
          accountId: s.accountId,
          actorUserId: s.userId,
          targetType: 'user',
          targetId: s.userId,
          ip: request.ip,
        });
      });
      return { success: true };
    },
  );
};

export default profileRoutes;
