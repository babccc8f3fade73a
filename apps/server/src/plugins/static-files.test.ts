/**
 * The built web app as plugins/static-files.ts serves it, through the real app: precompressed copies
 * by Accept-Encoding (with Vary), year-long immutable caching for hashed files under /assets/,
 * index.html and the SPA fallback revalidated, API paths never falling to the SPA.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../test/harness.js';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index-Abc123.js"></script></head><body>${'<!-- -->'.repeat(200)}</body></html>`;

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'wg-dist-'));
  await mkdir(path.join(dist, 'assets'));
  const put = async (name: string, text: string) => {
    await writeFile(path.join(dist, name), text);
    await writeFile(path.join(dist, `${name}.br`), brotliCompressSync(text));
    await writeFile(path.join(dist, `${name}.gz`), gzipSync(text));
  };
  await put('assets/index-Abc123.js', SCRIPT);
  await put('index.html', INDEX);
  // A file the build left uncompressed (too small to gain): sent as it is.
  await writeFile(path.join(dist, 'assets/tiny-Def456.css'), 'a{}');
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('hashed assets', () => {
  it('are sent as the brotli copy to a browser that accepts br, cached for a year', async () => {
    const res = await get('/assets/index-Abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as the gzip copy when br is not accepted', async () => {
    const res = await get('/assets/index-Abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent uncompressed, still varying by encoding, when none is accepted', async () => {
    const res = await get('/assets/index-Abc123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('without a compressed copy are sent as they are', async () => {
    const res = await get('/assets/tiny-Def456.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{}');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compressed copies are not addressable by their own names', async () => {
    const res = await get('/assets/index-Abc123.js.br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toBe(INDEX);
  });
});

describe('index.html and the SPA fallback', () => {
  it('index.html is compressed and revalidated on every use', async () => {
    const res = await get('/index.html', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('every other page path gets index.html, compressed and revalidated', async () => {
    for (const url of ['/', '/users', '/users/details?id=3', '/no/such/page']) {
      const res = await get(url, 'gzip, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('HEAD answers as GET does, without the body: SPA pages, files, the API (issue 26)', async () => {
    for (const url of ['/', '/login', '/no/such/page', '/index.html', '/assets/index-Abc123.js', '/api/health']) {
      const [getRes, head] = await Promise.all([
        get(url, 'br'),
        t.app.inject({ method: 'HEAD', url, headers: { 'accept-encoding': 'br' } }),
      ]);
      expect(head.statusCode, url).toBe(getRes.statusCode);
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(getRes.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(getRes.headers['cache-control']);
      expect(head.body, url).toBe('');
    }
    const api = await t.app.inject({ method: 'HEAD', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
  });

  it('every GET route of the route table answers HEAD as well', () => {
    const routes = t.app.printRoutes({ commonPrefix: false, includeMeta: false });
    const gets = [...routes.matchAll(/^.*?(\/\S*) \(([A-Z, ]+)\)$/gm)]
      .filter(([, , methods]) => methods!.split(', ').includes('GET'))
      .map(([, url, methods]) => ({ url, methods: methods!.split(', ') }));
    expect(gets.length).toBeGreaterThan(10);
    expect(gets.filter((r) => !r.methods.includes('HEAD')).map((r) => r.url)).toEqual([]);
  });

  it('API paths and non-GET requests answer 404 JSON, never the SPA', async () => {
    const api = await get('/api/nothing-here', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, error: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/users' });
    expect(post.statusCode).toBe(404);
  });
});
