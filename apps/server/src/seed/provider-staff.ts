/**
 * The provider's review team (issue 11): demo staff and `create-provider-staff` (cli.ts). Staff stand
 * outside every account; their passwords are hashed as console users' are (lib/crypto.ts).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { providerStaff } from '../db/schema/index.js';
import { hashPassword } from '../lib/crypto.js';

/** The demo's reviewer (README's demo table). */
export const DEMO_PROVIDER_STAFF = {
  username: 'provider',
  password: 'DemoProvider2026!',
  fullName: 'Sam Rivera (Wayguard Team)',
} as const;

/** Adds a staff member; refuses a username that exists (any case). Answers the new id. */
export async function createProviderStaff(
  db: DbOrTx,
  s: { username: string; password: string; fullName: string },
): Promise<number> {
  const username = s.username.trim().toLowerCase();
  if (!/^[a-z0-9._-]{3,64}$/.test(username))
    throw new Error('The username takes 3 to 64 letters, digits, dots, dashes or underscores');
  if (s.password.length < 12) throw new Error('The password needs at least 12 characters');
  const taken = await db.execute(sql`SELECT 1 FROM provider_staff WHERE lower(username) = ${username}`);
  if (taken.rows.length > 0) throw new Error(`A staff member named ${username} exists`);
  const [row] = await db
    .insert(providerStaff)
    .values({ username, fullName: s.fullName.trim() || username, passwordHash: await hashPassword(s.password) })
    .returning({ id: providerStaff.id });
  return row!.id;
}

export async function seedDemoProviderStaff(db: DbOrTx): Promise<void> {
  await createProviderStaff(db, DEMO_PROVIDER_STAFF);
}
