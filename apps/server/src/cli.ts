/**
 * Operator commands:
 *   node apps/server/dist/cli.js demo-reset
 *   node apps/server/dist/cli.js create-account --name "School" --username admin1 --email a@school.example [--first A --last B]
 * create-account prints a one-time activation link for the first console admin (and mails it).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { createDb, runMigrations } from './db/client.js';
import { startEmbeddedPostgres } from './db/embedded.js';
import { resetDemo } from './seed/demo.js';
import { createAccountWithAdmin } from './seed/create-account.js';

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  const embedded = config.DATABASE_URL ? null : await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
  const { db, pool } = createDb(config.DATABASE_URL ?? embedded!.url);
  try {
    await runMigrations(db);
    if (command === 'demo-reset') {
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
    } else {
      throw new Error('Commands: demo-reset | create-account');
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
