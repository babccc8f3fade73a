import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

/**
 * React Router 7 exports only its development build (remix-run/react-router#14102: the production one
 * ships beside it unused); a build of the console takes the production one, without the development
 * warnings' code.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve: {
    conditions: ['source'],
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
          ]
        : [],
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
}));
