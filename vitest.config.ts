import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Every project reads the contracts from source, so tests never need (or race) their build: `npm test`
 * runs the unit tests beside the build. The package's `source` export condition is not applied in
 * Vitest's node environment, hence the alias.
 */
const contracts = {
  conditions: ['source'],
  alias: { '@wayguard/contracts': fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)) },
};

export default defineConfig({
  test: {
    projects: [
      {
        resolve: contracts,
        test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] },
      },
      {
        resolve: contracts,
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: contracts,
        test: {
          name: 'server',
          // Contracts from source, as the web app uses them: no stale dist between edits.
          server: { deps: { inline: ['@wayguard/contracts'] } },
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
