import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { MSG, type AccountResponse } from '@wayguard/contracts';
import { call, createTestApp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { accounts, auditEvents } from '../../db/schema/index.js';
import { INVALID_CHARACTERS } from '../../plugins/input-guard.js';

let t: TestApp;
let blobDir: string;
let admin: Session;
let reviewer: Session;
let teacher: Session;
let family: Session;

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  blobDir = await mkdtemp(path.join(tmpdir(), 'wg-logo-'));
  t = await createTestApp({ BLOB_DIR: blobDir });
  [admin, reviewer, teacher, family] = await Promise.all([
    signInAs(t, 'admin'),
    signInAs(t, 'reviewer'),
    signInAs(t, 'teacher'),
    signInAs(t, 'family'),
  ]);
});
afterAll(async () => {
  await t.close();
  await rm(blobDir, { recursive: true, force: true });
});

type Format = 'png' | 'jpeg' | 'gif' | 'webp';
function image(format: Format, width = 500, height = 100): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } });
  return base.toFormat(format).toBuffer();
}

const upload = (s: Session | undefined, payload: unknown) =>
  call(t.app, 'POST', '/account/logo', { session: s, payload });
const uploadBytes = (s: Session, bytes: Buffer, filename = 'logo.png') =>
  upload(s, { data: bytes.toString('base64'), filename, width: 500, height: 100 });
const removal = { data: '', filename: '', width: 0, height: 0 };

async function logoKey(number = 'NF-100245'): Promise<string | null> {
  const [a] = await t.db.select({ key: accounts.logoBlobKey }).from(accounts).where(eq(accounts.accountNumber, number));
  return a!.key;
}

async function blobFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const dir of await readdir(blobDir).catch(() => [])) out.push(...(await readdir(path.join(blobDir, dir))));
  return out;
}

async function expectInvalid(res: Awaited<ReturnType<typeof upload>>, message: string = MSG.invalidImage) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, error: message });
}

describe('POST /account/logo', () => {
  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'accepts a %s and stores a 500x100 PNG without metadata',
    async (format) => {
      const plain = await image(format, 800, 160);
      // GIF carries no EXIF; the others get a marker that must not survive the re-encoding.
      const bytes =
        format === 'gif'
          ? plain
          : await sharp(plain)
              .withExif({ IFD0: { Copyright: 'SECRET-EXIF-MARKER' } })
              .toFormat(format)
              .toBuffer();
      if (format !== 'gif') expect(bytes.includes('SECRET-EXIF-MARKER')).toBe(true);
      const res = await uploadBytes(admin, bytes, `school-logo.${format}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ success: true });

      const img = await call(t.app, 'GET', '/account/logo/image', { session: admin });
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(img.headers['x-content-type-options']).toBe('nosniff');
      expect(String(img.headers['cache-control'])).toContain('private');
      expect(img.rawPayload.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      const meta = await sharp(img.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 500, 100]);
      expect(meta.exif).toBeUndefined();
      expect(img.rawPayload.includes('SECRET-EXIF-MARKER')).toBe(false);

      const a = (await call(t.app, 'GET', '/account', { session: admin })).json() as AccountResponse;
      expect(a.logo?.filename).toBe('school-logo.png');
      expect(Buffer.from(a.logo!.data, 'base64').equals(img.rawPayload)).toBe(true);
    },
  );

  it('accepts a data URL whatever media type it declares', async () => {
    const png = await image('png');
    const res = await upload(admin, {
      data: `data:text/html;base64,${png.toString('base64')}`,
      filename: 'crop.png',
      width: 500,
      height: 100,
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps exactly one blob: the previous logo is deleted when replaced', async () => {
    expect((await uploadBytes(admin, await image('png'))).statusCode).toBe(200);
    const first = await logoKey();
    expect((await uploadBytes(admin, await image('jpeg'), 'next.jpg')).statusCode).toBe(200);
    const second = await logoKey();
    expect(second).not.toBe(first);
    expect(await blobFiles()).toEqual([second]);
  });

  it('answers 304 to a revalidation of the same logo', async () => {
    const img = await call(t.app, 'GET', '/account/logo/image', { session: admin });
    const again = await call(t.app, 'GET', '/account/logo/image', {
      session: admin,
      headers: { 'if-none-match': String(img.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  // Found by the long fuzz campaign: a lone surrogate in the filename answered 500.
  it('answers 400, not 500, to a lone surrogate in the filename', async () => {
    const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const res = await uploadBytes(admin, png, 'logo\ud800.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(INVALID_CHARACTERS);
  });

  it('refuses a file named like an image whose bytes are HTML or text', async () => {
    const html = Buffer.from('<html><body><script>alert(1)</script></body></html>');
    await expectInvalid(await uploadBytes(admin, html, 'logo.png'));
    await expectInvalid(
      await upload(admin, {
        data: `data:image/png;base64,${html.toString('base64')}`,
        filename: 'logo.png',
        width: 500,
        height: 100,
      }),
    );
    await expectInvalid(await uploadBytes(admin, Buffer.from('just some words, not a picture'), 'logo.jpg'));
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="100"><rect width="500" height="100"/></svg>',
    );
    await expectInvalid(await uploadBytes(admin, svg, 'logo.svg'));
  });

  it('refuses other image formats, a truncated image and broken base64', async () => {
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .tiff()
      .toBuffer();
    await expectInvalid(await uploadBytes(admin, tiff, 'logo.tiff'));
    const png = await image('png');
    await expectInvalid(await uploadBytes(admin, Buffer.concat([png.subarray(0, 40), Buffer.alloc(40)])));
    await expectInvalid(
      await upload(admin, { data: '%%%not-base64%%%', filename: 'logo.png', width: 500, height: 100 }),
    );
  });

  it('answers a BMP as sharp can: stored when it decodes BMP, else the invalid image text', async () => {
    const row = 4 * 3;
    const bmp = Buffer.alloc(54 + row * 4);
    bmp.write('BM', 0);
    bmp.writeUInt32LE(bmp.length, 2);
    bmp.writeUInt32LE(54, 10);
    bmp.writeUInt32LE(40, 14);
    bmp.writeInt32LE(4, 18);
    bmp.writeInt32LE(4, 22);
    bmp.writeUInt16LE(1, 26);
    bmp.writeUInt16LE(24, 28);
    const sharpReadsBmp = await sharp(bmp)
      .metadata()
      .then(() => true)
      .catch(() => false);
    const res = await uploadBytes(admin, bmp, 'logo.bmp');
    if (sharpReadsBmp) expect(res.statusCode).toBe(200);
    else await expectInvalid(res);
  });

  it('refuses an image over 2 MB or over 5000 px a side, and a body over the route limit', async () => {
    const big = Buffer.concat([PNG_MAGIC, Buffer.alloc(2 * 1024 * 1024 + 1, 7)]);
    await expectInvalid(await uploadBytes(admin, big, 'big.png'), MSG.logoTooLarge);
    const wide = await sharp({ create: { width: 5001, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await expectInvalid(await uploadBytes(admin, wide, 'wide.png'), MSG.logoTooLarge);
    await expectInvalid(
      await upload(admin, {
        data: (await image('png')).toString('base64'),
        filename: 'logo.png',
        width: 5001,
        height: 100,
      }),
      MSG.logoTooLarge,
    );
    const huge = await upload(admin, { data: 'A'.repeat(3_200_000), filename: 'huge.png', width: 500, height: 100 });
    expect(huge.statusCode).toBe(413);
  });

  it('refuses an upload without a filename or sizes, and a removal that carries some', async () => {
    const png = (await image('png')).toString('base64');
    await expectInvalid(await upload(admin, { data: png, filename: '', width: 500, height: 100 }));
    await expectInvalid(await upload(admin, { data: png, filename: 'logo.png', width: 0, height: 0 }));
    await expectInvalid(await upload(admin, { ...removal, filename: 'logo.png' }));
  });

  it('keeps the current logo after refused uploads', async () => {
    const key = await logoKey();
    expect(key).not.toBeNull();
    expect(await blobFiles()).toEqual([key]);
  });

  it('is for console admins only', async () => {
    const png = await image('png');
    const key = await logoKey();
    for (const s of [reviewer, teacher]) {
      expect((await uploadBytes(s, png)).statusCode).toBe(403);
      expect((await upload(s, removal)).statusCode).toBe(403);
    }
    expect(await logoKey()).toBe(key);
    // but everyone in the account can see it
    expect((await call(t.app, 'GET', '/account/logo/image', { session: teacher })).statusCode).toBe(200);
  });

  it("keeps tenants apart: one account's logo is never another's", async () => {
    expect((await call(t.app, 'GET', '/account/logo/image', { session: family })).statusCode).toBe(404);
    const rf = (await call(t.app, 'GET', '/account', { session: family })).json() as AccountResponse;
    expect(rf.logo).toBeNull();
    expect((await uploadBytes(family, await image('gif'), 'family.gif')).statusCode).toBe(200);
    const nf = (await call(t.app, 'GET', '/account', { session: admin })).json() as AccountResponse;
    expect(nf.logo?.filename).toBe('next.png');
    expect(await logoKey('RF-300871')).not.toBe(await logoKey());
  });

  it('removes the logo with empty data, filename and sizes, and deletes its blob', async () => {
    const res = await upload(admin, removal);
    expect(res.statusCode).toBe(200);
    expect(await logoKey()).toBeNull();
    expect((await call(t.app, 'GET', '/account/logo/image', { session: admin })).statusCode).toBe(404);
    expect(((await call(t.app, 'GET', '/account', { session: admin })).json() as AccountResponse).logo).toBeNull();
    expect(await blobFiles()).toEqual([await logoKey('RF-300871')]);
    // removing again is harmless
    expect((await upload(admin, removal)).statusCode).toBe(200);
    const actions = (await t.db.select({ action: auditEvents.action }).from(auditEvents)).map((e) => e.action);
    expect(actions).toContain('account.logo_updated');
    expect(actions).toContain('account.logo_removed');
  });

  it('answers 401 without a session', async () => {
    expect((await call(t.app, 'GET', '/account/logo/image')).statusCode).toBe(401);
    expect((await upload(undefined, removal)).statusCode).toBe(401);
  });
});
