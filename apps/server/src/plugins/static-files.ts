/**
 * The built web app (apps/web/dist) and the SPA fallback. Files are listed once at start (a new build
 * needs a restart). GET and HEAD alike (HEAD answers the GET's status and headers without the body:
 * Fastify's exposeHeadRoutes for the API and the files, the same handler below for the SPA fallback).
 * Each is sent as the brotli or gzip copy the build wrote beside it
 * (apps/web/vite-precompress.ts) when the browser accepts one, with `Vary: Accept-Encoding`.
 * Files under /assets/ carry a content hash in their name, so they are cached for a year and never
 * revalidated; index.html and everything else is revalidated on each use (`no-cache`), so that a new
 * build is seen at once. Every other GET outside the API gets index.html: the SPA's router owns it
 * (and shows its 404 page).
 */
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export default fp<{ root: string }>(async (app, { root }) => {
  const hasDist = existsSync(root);
  if (hasDist) {
    const assets = path.join(root, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are served in place of their original, never under their own names.
      globIgnore: ['**/*.br', '**/*.gz'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        void reply.header('cache-control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || !read || !hasDist) {
      return reply.code(404).send({ success: false, error: 'Not found', error_message: 'Not found' });
    }
    return reply.type('text/html').header('cache-control', REVALIDATE).sendFile('index.html');
  });
});
