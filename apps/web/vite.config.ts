import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { chunkFileNames: 'assets/[hash].js' } },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
});
