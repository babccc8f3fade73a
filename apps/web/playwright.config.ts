import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8181);

/**
 * Browser tests against the real server with demo data in a fresh embedded PostgreSQL
 * (data in ./data/e2e-PORT, wiped at start; E2E_PORT picks the port). Debian's Chromium only; never a downloaded browser.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
    command: `rm -rf ../../data/e2e-${PORT} && node ../server/dist/main.js`,
    cwd: '.',
    url: `http://localhost:${PORT}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: `../../data/e2e-${PORT}`,
      EMBEDDED_PG_PORT: String(PORT + 1000),
      SEED_DEMO: 'true',
      DEMO_OUTBOX: 'true',
      TRUST_PROXY: 'true',
      LOGIN_RATE_PER_MINUTE: '1000',
      PUBLIC_URL: `http://localhost:${PORT}`,
      LOG_LEVEL: 'warn',
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
