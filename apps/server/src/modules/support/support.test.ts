import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { API_BASE, CSRF_HEADER, FEEDBACK_MAX_FILE_BYTES, FEEDBACK_MAX_FILES, MSG } from '@wayguard/contracts';
import { call, createTestApp, nextIp, type Session, type TestApp } from '../../test/harness.js';
import { signInAs } from '../../test/demo.js';
import { feedback, feedbackAttachments, outbox, users } from '../../db/schema/index.js';
import { clear } from '../../lib/rate-limit.js';
import { sniffFileType } from '../../lib/file-type.js';

let t: TestApp;
let blobDir: string;
let admin: Session;
let family: Session;
const SUPPORT_EMAIL = 'helpdesk@wayguard.test';

beforeAll(async () => {
  blobDir = await mkdtemp(path.join(tmpdir(), 'wg-support-'));
  t = await createTestApp({ BLOB_DIR: blobDir, SUPPORT_EMAIL });
  [admin, family] = await Promise.all([signInAs(t, 'admin'), signInAs(t, 'family')]);
});
afterAll(async () => {
  await t.close();
  await rm(blobDir, { recursive: true, force: true });
});

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----wgtest${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('value' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const validFields = {
  feedback_name: 'Alex Morgan',
  feedback_email: 'admin@northfield.example',
  feedback_summary: 'Logo editor',
  feedback_notes: 'The zoom slider could be a little wider.',
};

function send(
  s: Session | undefined,
  fields: Record<string, string> = validFields,
  files: { filename: string; content: Buffer; type?: string }[] = [],
) {
  const body = multipart([
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    ...files.map((f) => ({ name: 'feedback_file[]', ...f })),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}/feedback/create`,
    headers: { 'content-type': body.contentType, ...(s ? { [CSRF_HEADER]: s.csrf } : {}) },
    cookies: s ? { wg_session: s.cookie } : {},
    payload: body.payload,
    remoteAddress: nextIp(),
  });
}

async function blobFiles(): Promise<string[]> {
  const out: string[] = [];
  for (const dir of await readdir(blobDir).catch(() => [])) out.push(...(await readdir(path.join(blobDir, dir))));
  return out.sort();
}

const feedbackCount = async () => (await t.db.select({ id: feedback.id }).from(feedback)).length;
const lastMail = async () => (await t.db.select().from(outbox).orderBy(desc(outbox.id)).limit(1))[0]!;
const png = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const text = Buffer.from('Steps to reproduce:\n1. Open the account page\n2. Click Save\n');

async function userId(username: string) {
  const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return u!.id;
}

describe('GET /contact', () => {
  it('is public and lists the support details from configuration', async () => {
    const res = await call(t.app, 'GET', '/contact');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.title).toBe('Contact Us');
    expect(body.text.length).toBeGreaterThan(0);
    expect(body.fields).toEqual([
      { label: 'Support e-mail', value: SUPPORT_EMAIL, type: 'email' },
      { label: 'Support website', value: 'https://www.wayguard.example/support', type: 'url' },
      { label: 'Telephone', value: '+44 161 496 0000', type: 'phone' },
      { label: 'Opening hours', value: 'Monday to Friday, 8:00 to 18:00 (UK time)', type: 'text' },
    ]);
  });
});

describe('POST /feedback/create', () => {
  beforeEach(async () => {
    await clear(t.db, `rl:feedback:user:${await userId('admin')}`);
  });

  it('answers 401 without a session and 403 without the CSRF token', async () => {
    expect((await send(undefined)).statusCode).toBe(401);
    const noCsrf = await send({ ...admin, csrf: '' });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('refuses a JSON body', async () => {
    const res = await call(t.app, 'POST', '/feedback/create', { session: admin, payload: validFields });
    expect(res.statusCode).toBe(415);
  });

  it('stores feedback without attachments and mails support', async () => {
    const res = await send(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Thank you for your feedback' });
    const [row] = await t.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    expect(row).toMatchObject({
      userId: await userId('admin'),
      name: 'Alex Morgan',
      email: 'admin@northfield.example',
      subject: 'Logo editor',
      notes: validFields.feedback_notes,
    });
    const mail = await lastMail();
    expect(mail.to).toBe(SUPPORT_EMAIL);
    expect(mail.subject).toBe(`Feedback #${row!.id}: Logo editor`);
    expect(mail.text).toContain('Northfield Academy (NF-100245)');
    expect(mail.text).toContain(validFields.feedback_notes);
    expect(mail.text).toContain('Attachments: none');
    expect(mail.accountId).toBe(row!.accountId);
  });

  it('stores the CRLF line breaks of a multipart form as line feeds', async () => {
    const notes = 'First line.\r\nSecond line.\r\n\r\nThird.';
    const res = await send(admin, { ...validFields, feedback_notes: notes });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    expect(row!.notes).toBe('First line.\nSecond line.\n\nThird.');
    expect((await lastMail()).text).toContain('Feedback:\nFirst line.\nSecond line.\n\nThird.\n');
  });

  it('stores one attachment as a blob with its bytes, and names it in the mail', async () => {
    const image = await png();
    const res = await send(admin, validFields, [{ filename: 'screenshot.png', content: image, type: 'image/png' }]);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    const files = await t.db.select().from(feedbackAttachments).where(eq(feedbackAttachments.feedbackId, row!.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      filename: 'screenshot.png',
      contentType: 'image/png',
      size: image.length,
      accountId: row!.accountId,
    });
    const stored = await readFile(path.join(blobDir, files[0]!.blobKey.slice(0, 2), files[0]!.blobKey));
    expect(stored.equals(image)).toBe(true);
    const mail = await lastMail();
    expect(mail.text).toContain('screenshot.png');
    expect(mail.text).toContain(`stored with feedback id ${row!.id}`);
  });

  it('stores two attachments (a PDF and a text file), typed by their bytes', async () => {
    const res = await send(admin, validFields, [
      { filename: 'report.pdf', content: pdf, type: 'application/octet-stream' },
      { filename: 'steps.txt', content: text, type: 'application/octet-stream' },
    ]);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    const files = await t.db.select().from(feedbackAttachments).where(eq(feedbackAttachments.feedbackId, row!.id));
    expect(files.map((f) => [f.filename, f.contentType]).sort()).toEqual([
      ['report.pdf', 'application/pdf'],
      ['steps.txt', 'text/plain'],
    ]);
    const mail = await lastMail();
    expect(mail.text).toContain('report.pdf');
    expect(mail.text).toContain('steps.txt');
  });

  it('ignores an empty file input', async () => {
    const before = (await blobFiles()).length;
    const res = await send(admin, validFields, [{ filename: '', content: Buffer.alloc(0) }]);
    expect(res.statusCode).toBe(200);
    expect((await blobFiles()).length).toBe(before);
  });

  it.each([
    [{ feedback_name: '' }, MSG.nameRequired],
    [{ feedback_name: '   ' }, MSG.nameRequired],
    [{ feedback_email: '' }, MSG.emailRequired],
    [{ feedback_email: 'not-an-address' }, MSG.emailInvalid],
    [{ feedback_email: `${'a'.repeat(25)}@example.com` }, MSG.emailInvalid],
    [{ feedback_summary: '' }, MSG.subjectRequired],
    [{ feedback_summary: 'ab' }, MSG.atLeast3],
    [{ feedback_notes: '' }, MSG.feedbackRequired],
    [{ feedback_notes: 'ab' }, MSG.atLeast3],
  ])('refuses %j with the spec text and keeps no files', async (change, message) => {
    const blobsBefore = await blobFiles();
    const rowsBefore = await feedbackCount();
    const res = await send(admin, { ...validFields, ...change }, [
      { filename: 'screenshot.png', content: await png() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: message });
    expect(await blobFiles()).toEqual(blobsBefore);
    expect(await feedbackCount()).toBe(rowsBefore);
  });

  it('refuses a missing field with its required text', async () => {
    const { feedback_notes: _omit, ...rest } = validFields;
    const res = await send(admin, rest);
    expect(res.json().error).toBe(MSG.feedbackRequired);
  });

  it('quotes the spec texts exactly', () => {
    expect([
      MSG.nameRequired,
      MSG.emailRequired,
      MSG.emailInvalid,
      MSG.subjectRequired,
      MSG.feedbackRequired,
      MSG.atLeast3,
      MSG.duplicateFile('a.png'),
    ]).toEqual([
      'Please enter a name',
      'Please enter a valid email address',
      'The email address is invalid',
      'Please enter a subject',
      'Please enter a feedback',
      'Please enter at least 3 characters',
      'a.png is already added',
    ]);
  });

  it('refuses duplicate file names and removes what was written', async () => {
    const before = await blobFiles();
    const res = await send(admin, validFields, [
      { filename: 'screenshot.png', content: await png() },
      { filename: 'notes.txt', content: text },
      { filename: 'screenshot.png', content: await png() },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('screenshot.png is already added');
    expect(await blobFiles()).toEqual(before);
  });

  it(`refuses more than ${FEEDBACK_MAX_FILES} files`, async () => {
    const before = await blobFiles();
    const rows = await feedbackCount();
    const files = Array.from({ length: FEEDBACK_MAX_FILES + 1 }, (_, i) => ({
      filename: `note${i}.txt`,
      content: text,
    }));
    const res = await send(admin, validFields, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.tooManyFiles(FEEDBACK_MAX_FILES));
    expect(await blobFiles()).toEqual(before);
    expect(await feedbackCount()).toBe(rows);
  });

  it(`accepts exactly ${FEEDBACK_MAX_FILES} files`, async () => {
    const files = Array.from({ length: FEEDBACK_MAX_FILES }, (_, i) => ({ filename: `note${i}.txt`, content: text }));
    expect((await send(admin, validFields, files)).statusCode).toBe(200);
  });

  it('refuses a file over the size limit and removes what was written', async () => {
    const before = await blobFiles();
    const big = Buffer.alloc(FEEDBACK_MAX_FILE_BYTES + 1, 'a');
    const res = await send(admin, validFields, [
      { filename: 'small.txt', content: text },
      { filename: 'big.txt', content: big },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.fileTooLarge('big.txt', 5));
    expect(await blobFiles()).toEqual(before);
  });

  it('accepts a file of exactly the size limit', async () => {
    const res = await send(admin, validFields, [
      { filename: 'max.txt', content: Buffer.alloc(FEEDBACK_MAX_FILE_BYTES, 'a') },
    ]);
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['page.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['page.html', Buffer.from('<html><body>hi</body></html>')],
    ['notes.txt', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['tool.exe', Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00])],
    ['setup.exe', text],
    ['photo.txt', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])],
    ['archive.zip', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ['empty.txt', Buffer.alloc(0)],
  ])('refuses %s by its bytes or a name that does not match them', async (filename, content) => {
    const before = await blobFiles();
    const res = await send(admin, validFields, [
      { filename: 'fine.txt', content: text },
      { filename, content, type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(MSG.fileTypeNotAllowed(filename));
    expect(await blobFiles()).toEqual(before);
  });

  it('refuses a file under another field name', async () => {
    const body = multipart([
      ...Object.entries(validFields).map(([name, value]) => ({ name, value })),
      { name: 'other', filename: 'a.txt', content: text },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/feedback/create`,
      headers: { 'content-type': body.contentType, [CSRF_HEADER]: admin.csrf },
      cookies: { wg_session: admin.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 400, not 500, to a malformed multipart body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/feedback/create`,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', [CSRF_HEADER]: admin.csrf },
      cookies: { wg_session: admin.cookie },
      payload: Buffer.from(
        '--xyz\r\nContent-Disposition: form-data; name="feedback_file[]"; filename="a.txt"\r\n\r\nunterminated',
      ),
    });
    expect(res.statusCode).toBe(400);
  });

  it('drains the rest of a refused upload over a real socket, so the connection does not hang', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const big = Buffer.alloc(4 * 1024 * 1024, 'a');
    const body = multipart([
      { name: 'feedback_file[]', filename: 'same.txt', content: big },
      { name: 'feedback_file[]', filename: 'same.txt', content: big },
      { name: 'feedback_file[]', filename: 'last.txt', content: big },
      ...Object.entries(validFields).map(([name, value]) => ({ name, value })),
    ]);
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: `${API_BASE}/feedback/create`,
          headers: {
            'content-type': body.contentType,
            'content-length': body.payload.length,
            connection: 'close',
            cookie: `wg_session=${admin.cookie}`,
            [CSRF_HEADER]: admin.csrf,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body.payload);
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text).error).toBe('same.txt is already added');
    const open = () => new Promise<number>((resolve) => t.app.server.getConnections((_e, n) => resolve(n)));
    for (let i = 0; i < 40 && (await open()) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await open()).toBe(0);
  });

  it('limits each user to 5 feedbacks in 10 minutes (429 with Retry-After)', async () => {
    for (let i = 0; i < 5; i++) expect((await send(admin)).statusCode).toBe(200);
    const before = await blobFiles();
    const limited = await send(admin, validFields, [{ filename: 'late.txt', content: text }]);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await blobFiles()).toEqual(before);
    // another user is not affected
    expect((await send(family, { ...validFields, feedback_email: 'family@riverside.example' })).statusCode).toBe(200);
  });

  it('does not count refused feedback against the limit', async () => {
    for (let i = 0; i < 6; i++)
      expect((await send(admin, { ...validFields, feedback_notes: '' })).statusCode).toBe(400);
    expect((await send(admin)).statusCode).toBe(200);
  });

  it("stores feedback under the sender's account", async () => {
    expect(
      (
        await send(family, {
          ...validFields,
          feedback_email: 'family@riverside.example',
          feedback_summary: 'RIVERSIDE-MARKER',
        })
      ).statusCode,
    ).toBe(200);
    const [row] = await t.db.select().from(feedback).orderBy(desc(feedback.id)).limit(1);
    expect(row!.userId).toBe(await userId('family'));
    expect((await lastMail()).text).toContain('Riverside Family');
  });
});

describe('sniffFileType', () => {
  it('recognises files by their bytes', async () => {
    expect(sniffFileType(await png())).toBe('png');
    expect(
      sniffFileType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffFileType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      ),
    ).toBe('gif');
    expect(
      sniffFileType(
        await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffFileType(pdf)).toBe('pdf');
    expect(sniffFileType(text)).toBe('text');
    expect(sniffFileType(Buffer.from('BM is how this line starts'))).toBe('text');
    expect(sniffFileType(Buffer.from([0xff, 0xfe, 0x00, 0x41]))).toBeNull();
    expect(sniffFileType(Buffer.from('line\u0000with NUL'))).toBeNull();
  });
});
