import { defineConfig } from '@playwright/test';
import { serverNodeFlags } from '../../tools/server-node-flags.mjs';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * Browser tests against the real server with demo data in a fresh embedded PostgreSQL
 * (data in ./data/e2e-PORT, wiped at start; E2E_PORT picks the port). Debian's Chromium only; never a downloaded browser.
 * The `setup` project signs the specs' users in once and saves their browser state (e2e/auth.setup.ts,
 * e2e/sessions.ts); the specs run after it. Specs sit in folders by resource (e2e/requests/, e2e/devices/,
 * e2e/users/, …) beside that resource's helpers; e2e/ itself holds what every folder shares: the setup,
 * the fixtures (fixtures.ts), the sessions (sessions.ts), the demo users (demo.ts) and the API, shell,
 * sign-in and simulator helpers.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    { name: 'chromium', testMatch: /\.spec\.ts$/, dependencies: ['setup'] },
  ],
  // A 2-core machine running two browsers, the server and PostgreSQL renders a screen in seconds at
  // worst: assertions wait up to 20 s for their state and a test up to 2 minutes; a test that passes
  // only on its retry is reported as flaky in the run's summary.
  retries: 1,
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // With the node flags of `npm run serve` (tools/server-node-flags.mjs): the server as it runs in production.
    command: `rm -rf ../../data/e2e-${PORT} && node ${serverNodeFlags().join(' ')} ../server/dist/main.js`,
    cwd: '.',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: `../../data/e2e-${PORT}`,
      EMBEDDED_PG_PORT: String(PORT + 1000),
      // The demo (embedded database, not production) has both by default; said here all the same.
      SEED_DEMO: 'true',
      DEMO_OUTBOX: 'true',
      // The specs play the proxy: each browser context sends its own X-Forwarded-For (per-address limits).
      TRUST_PROXY: 'loopback',
      LOGIN_RATE_PER_MINUTE: '1000',
      // Saved sign-ins (e2e/sessions.ts) serve the whole run, which may outlive the 30-minute idle default
      // on a loaded machine; openAs signs in again should one expire all the same.
      SESSION_IDLE_MINUTES: '240',
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
