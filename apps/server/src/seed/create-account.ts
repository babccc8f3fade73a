/** Production bootstrap: a new account and its first console admin, who activates by the mailed link. */
import { sql } from 'drizzle-orm';
import { USERNAME_MAX, USERNAME_MIN } from '@wayguard/contracts';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { accounts, countryCodes, agreements, users } from '../db/schema/index.js';
import { issueActivation } from '../domain/users/credentials.js';
import { COUNTRY_CODES, EULA_TEXT, PRIVACY_TEXT, TERMS_TEXT } from './reference-data.js';
import { randomAlphanumeric } from '../lib/crypto.js';

export async function createAccountWithAdmin(
  db: Db,
  config: Config,
  a: { name: string; username: string; email: string; first: string; last: string },
): Promise<string> {
  if (a.username.length < USERNAME_MIN || a.username.length > USERNAME_MAX)
    throw new Error(`The username must be ${USERNAME_MIN}-${USERNAME_MAX} characters.`);
  return db.transaction(async (tx) => {
    // Reference data is global: add it once on an empty database.
    const [{ n } = { n: '0' }] = (await tx.execute<{ n: string }>(sql`SELECT count(*) AS n FROM agreements`)).rows;
    if (Number(n) === 0) {
      await tx.insert(agreements).values([
        { kind: 'terms_of_use', title: 'Wayguard Admin Console Terms of Use', content: TERMS_TEXT },
        { kind: 'eula', title: 'Wayguard License Agreement', content: EULA_TEXT },
        { kind: 'privacy_policy', title: 'Wayguard Privacy Policy', content: PRIVACY_TEXT },
      ]);
      await tx.insert(countryCodes).values(COUNTRY_CODES.map(([countryName, digits]) => ({ countryName, digits })));
    }
    const [account] = await tx
      .insert(accounts)
      .values({
        name: a.name,
        accountNumber: `WG-${randomAlphanumeric(8).toUpperCase()}`,
        consoleRegistered: new Date(),
        address: [1, 2, 3, 4, 5].map((i) => ({ label: `Address Line ${i}`, value: '', required: i === 1 })),
        accessPermissions: {
          allow_user_creation: true,
          allow_screen_capture_access: false,
          manage_server_users: true,
          allow_disable_media_requests: true,
          allow_disable_website_requests: true,
          allow_social_media: true,
        },
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        accountId: account!.id,
        username: a.username,
        email: a.email,
        firstName: a.first,
        lastName: a.last,
        type: 'console_admin',
        status: 'awaiting_activation',
        createdByName: 'System',
      })
      .returning();
    const token = await issueActivation(tx, config.PUBLIC_URL, user!);
    return `${config.PUBLIC_URL}/activate?token=${token}`;
  });
}
