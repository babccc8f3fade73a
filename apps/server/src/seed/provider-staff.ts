/**
 * The provider's review team (issue 11): demo staff and `create-provider-staff` (cli.ts). Staff stand
 * outside every account; their passwords are hashed as console users' are (lib/crypto.ts). Each member
 * gets a TOTP secret at creation (issue 25), shown once by the CLI: without one no sign-in completes.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { providerSessions, providerStaff } from '../db/schema/index.js';
import { hashPassword } from '../lib/crypto.js';
import { newTotpSecret } from '../lib/totp.js';
import { DEMO_PROVIDER_STAFF, DEMO_PROVIDER_TEAMMATE, DEMO_PROVIDER_TRAINEE } from './demo-provider-team.js';

export { DEMO_PROVIDER_STAFF, DEMO_PROVIDER_TEAMMATE, DEMO_PROVIDER_TRAINEE };

/**
 * Adds a staff member with a TOTP secret (a new random one unless given; null, for the demo's trainee
 * only: none); refuses a username that exists (any case). Answers the new id and the secret, for the
 * caller to show once.
 */
export async function createProviderStaff<S extends string | null = string>(
  db: DbOrTx,
  s: { username: string; password: string; fullName: string; totpSecret?: S },
): Promise<{ id: number; totpSecret: S }> {
  const username = s.username.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,64}$/.test(username))
    throw new Error('The username takes 3 to 64 letters, digits, dots, dashes or underscores');
  if (s.password.length < 12) throw new Error('The password needs at least 12 characters');
  const taken = await db.execute(sql`SELECT 1 FROM provider_staff WHERE lower(username) = ${username}`);
  if (taken.rows.length > 0) throw new Error(`A staff member named ${username} exists`);
  const totpSecret = (s.totpSecret === undefined ? newTotpSecret() : s.totpSecret) as S;
  const [row] = await db
    .insert(providerStaff)
    .values({
      username,
      fullName: s.fullName.trim() || username,
      passwordHash: await hashPassword(s.password),
      totpSecret,
    })
    .returning({ id: providerStaff.id });
  return { id: row!.id, totpSecret };
}

/**
 * Gives a member a new TOTP secret (a lost phone, or a member made before two-factor was required) and
 * ends their sessions. Answers the secret, for the caller to show once.
 */
export async function resetProviderStaffTotp(db: DbOrTx, username: string): Promise<string> {
  const totpSecret = newTotpSecret();
  const [row] = await db
    .update(providerStaff)
    .set({ totpSecret, totpLastCounter: null })
    .where(sql`lower(${providerStaff.username}) = ${username.trim().toLowerCase()}`)
    .returning({ id: providerStaff.id });
  if (!row) throw new Error(`No staff member named ${username}`);
  await db.delete(providerSessions).where(eq(providerSessions.staffId, row.id));
  return totpSecret;
}

export async function seedDemoProviderStaff(db: DbOrTx): Promise<void> {
  await createProviderStaff(db, DEMO_PROVIDER_STAFF);
  await createProviderStaff(db, DEMO_PROVIDER_TEAMMATE);
  await createProviderStaff(db, DEMO_PROVIDER_TRAINEE);
}
