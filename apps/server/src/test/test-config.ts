/** The configuration every server test app runs with (one place, so the seeded template matches the apps). */
import { loadConfig, type Config } from '../config.js';

/** Environment of a test app; a test file adds its own keys (BLOB_DIR, SESSION_IDLE_MINUTES, ...). */
export const TEST_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  // The tests' databases come through DATABASE_URL, where the demo data, the outbox and the key are
  // never implied (config.ts): each is said here.
  SEED_DEMO: 'true',
  DEMO_OUTBOX: 'true',
  SECRET_KEY: 'test-secret-key-of-the-server-suites-0000',
  PUBLIC_URL: 'http://localhost:8080',
} as const;

export function testConfig(url: string, env: Record<string, string> = {}): Config {
  return loadConfig({ ...TEST_ENV, DATABASE_URL: url, ...env });
}
