/**
 * Operator commands:
 *   node apps/server/dist/cli.js demo-reset
 *   node apps/server/dist/cli.js create-account --name "School" --username admin1 --email a@school.example [--first A --last B]
 *   node apps/server/dist/cli.js create-provider-staff --username sam --name "Sam Rivera" (password from PROVIDER_PASSWORD)
 *   node apps/server/dist/cli.js reset-provider-staff-totp --username sam
 * create-account prints a one-time activation link for the first console admin (and mails it).
 * create-provider-staff adds a member of the provider's review team (issue 11), outside every account, and
 * prints their TOTP secret once (issue 25); reset-provider-staff-totp gives a member a new one (ending
 * their sessions) and prints it once.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { createDb, runMigrations } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { resetDemo } from './seed/demo.js';
import { createAccountWithAdmin } from './seed/create-account.js';
import { createProviderStaff, resetProviderStaffTotp } from './seed/provider-staff.js';
import { totpUri } from './lib/totp.js';

/** A member's TOTP secret, shown once: the base32 key and the otpauth URI an authenticator app takes. */
const printTotp = (username: string, secret: string) =>
  console.log(
    `Two-factor secret (shown once; add it to an authenticator app):\n  key: ${secret}\n  uri: ${totpUri(secret, username)}`,
  );

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
  // Migrations and a demo reset may run longer than a request's statement timeout.
  const { db, pool } = createDb(config.DATABASE_URL ?? embedded!.url, { unlimited: true });
  try {
    await runMigrations(db);
    if (command === 'demo-reset') {
      // It empties every table: only for the demo, or where SEED_DEMO=true says demo data belongs (never production).
      if (!config.SEED_DEMO)
        throw new Error(
          'demo-reset empties the database: it runs only for the demo (embedded database, not production) or with SEED_DEMO=true',
        );
      await resetDemo(db, config);
      console.log('Demo data re-created.');
    } else if (command === 'create-account') {
      const { values } = parseArgs({
        args: rest,
        options: {
          name: { type: 'string' },
          username: { type: 'string' },
          email: { type: 'string' },
          first: { type: 'string' },
          last: { type: 'string' },
        },
      });
      if (!values.name || !values.username || !values.email)
        throw new Error(
          'Usage: create-account --name <account name> --username <admin username> --email <admin e-mail> [--first <first name> --last <last name>]',
        );
      const link = await createAccountWithAdmin(db, config, {
        name: values.name,
        username: values.username,
        email: values.email,
        first: values.first ?? 'Account',
        last: values.last ?? 'Administrator',
      });
      console.log(`Account created. The first console admin activates at:\n${link}`);
    } else if (command === 'create-provider-staff') {
      const { values } = parseArgs({ args: rest, options: { username: { type: 'string' }, name: { type: 'string' } } });
      const password = process.env.PROVIDER_PASSWORD ?? '';
      if (!values.username || !values.name || !password)
        throw new Error(
          'Usage: PROVIDER_PASSWORD=<password> create-provider-staff --username <username> --name <full name>',
        );
      const made = await createProviderStaff(db, { username: values.username, password, fullName: values.name });
      console.log(`Review team member ${values.username} created (id ${made.id}). They sign in at /provider/login.`);
      printTotp(values.username.trim().toLowerCase(), made.totpSecret);
    } else if (command === 'reset-provider-staff-totp') {
      const { values } = parseArgs({ args: rest, options: { username: { type: 'string' } } });
      if (!values.username) throw new Error('Usage: reset-provider-staff-totp --username <username>');
      const secret = await resetProviderStaffTotp(db, values.username);
      console.log(`Review team member ${values.username} has a new two-factor secret; their sessions ended.`);
      printTotp(values.username.trim().toLowerCase(), secret);
    } else {
      throw new Error('Commands: demo-reset | create-account | create-provider-staff | reset-provider-staff-totp');
    }
  } finally {
    await pool.end();
    if (embedded) await embedded.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
