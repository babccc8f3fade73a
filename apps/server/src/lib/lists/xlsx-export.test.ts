import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../test/db.js';
import { EXPORT_MAX_ROWS, cellDate, exportBody, exportXlsx, isoDate, safeText, withExportSlot } from './xlsx-export.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t.pool.end());

/** The export's answer read to its end, as the JSON the client gets. */
async function answerOf(stream: Readable): Promise<{ content: string; filename: string }> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { content: string; filename: string };
}

const numbers = (n: number) => ({
  sheet: 'Numbers',
  columns: [{ header: 'N', key: 'n', width: 10 }],
  select: sql`SELECT n FROM generate_series(1, ${n}::int) n ORDER BY n`,
  toCells: (r: { n: number }) => ({ n: r.n }),
  filename: 'numbers.xlsx',
});

async function read(content: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(content, 'base64') as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('streaming XLSX export', () => {
  it('writes the header and every row of the SELECT, in its order, across batches', async () => {
    const res = await answerOf(
      await exportXlsx<{ n: number; label: string }>(t.db, {
        sheet: 'Numbers',
        columns: [
          { header: 'N', key: 'n', width: 10 },
          { header: 'Label', key: 'label', width: 10 },
        ],
        select: sql`SELECT n, CASE WHEN n = 2 THEN '=1+1' ELSE 'row ' || n END AS label FROM generate_series(1, 4500) n ORDER BY n`,
        toCells: (r) => ({ n: r.n, label: safeText(r.label) }),
        filename: 'numbers.xlsx',
      }),
    );
    expect(res.filename).toBe('numbers.xlsx');
    const ws = await read(res.content);
    expect(ws.name).toBe('Numbers');
    expect(ws.rowCount).toBe(1 + 4500);
    expect(ws.getRow(1).values).toEqual([undefined, 'N', 'Label']);
    expect(ws.getRow(3).values).toEqual([undefined, 2, "'=1+1"]);
    expect(ws.getRow(4501).values).toEqual([undefined, 4500, 'row 4500']);
  });

  it('runs its cursor with its own, longer limits than the serving connections (10 s, 30 s idle)', async () => {
    const res = await answerOf(
      await exportXlsx<{ st: string; it: string }>(t.db, {
        sheet: 'Limits',
        columns: [
          { header: 'Statement', key: 'st', width: 10 },
          { header: 'Idle', key: 'it', width: 10 },
        ],
        select: sql`SELECT current_setting('statement_timeout') AS st,
          current_setting('idle_in_transaction_session_timeout') AS it`,
        toCells: (r) => ({ st: r.st, it: r.it }),
        filename: 'limits.xlsx',
      }),
    );
    expect((await read(res.content)).getRow(2).values).toEqual([undefined, '2min', '75s']);
    // The connection went back to the pool with the serving limits.
    const back = await t.pool.query<{ st: string }>(`SELECT current_setting('statement_timeout') AS st`);
    expect(back.rows[0]!.st).toBe('10s');
  });

  it('writes only the header when nothing can match', async () => {
    const res = await answerOf(
      await exportXlsx(t.db, {
        sheet: 'Empty',
        columns: [{ header: 'N', key: 'n' }],
        select: null,
        toCells: () => ({}),
        filename: 'empty "1".xlsx',
      }),
    );
    expect(res.filename).toBe('empty "1".xlsx');
    expect((await read(res.content)).rowCount).toBe(1);
  });

  it('caps at one worksheet of rows, neutralises formulas, and writes never as a blank date', () => {
    expect(EXPORT_MAX_ROWS).toBe(1_048_575);
    expect(safeText('+1')).toBe("'+1");
    expect(safeText('a=b')).toBe('a=b');
    expect(cellDate(0)).toBeNull();
    expect(cellDate(86_400)).toEqual(new Date('1970-01-02T00:00:00Z'));
    expect(isoDate(new Date('2026-01-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-01-02');
  });

  it('runs at most two exports at once; more answer 429', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const slow = [withExportSlot(() => gate), withExportSlot(() => gate)];
    await expect(withExportSlot(async () => 'third')).rejects.toMatchObject({ statusCode: 429 });
    release();
    await Promise.all(slow);
    await expect(withExportSlot(async () => 'after')).resolves.toBe('after');
  });

  it('encodes the file in base64 as its bytes come, whatever the chunks are', async () => {
    const file = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7919) % 256));
    for (const size of [1, 2, 3, 4, 5, 64, 999, 1000]) {
      const body = exportBody('f.xlsx');
      const out: Buffer[] = [];
      body.on('data', (c: Buffer) => out.push(c));
      for (let i = 0; i < file.length; i += size) body.write(file.subarray(i, i + size));
      body.end();
      await new Promise((resolve) => body.on('end', resolve));
      expect(JSON.parse(Buffer.concat(out).toString())).toEqual({
        content: file.toString('base64'),
        filename: 'f.xlsx',
      });
    }
  });

  it('fails as an answer when the SELECT fails before the first rows', async () => {
    const failing = sql`SELECT 1 / (n - n) AS n FROM generate_series(1, 3) n`;
    await expect(exportXlsx(t.db, { ...numbers(1), select: failing })).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '22012' }),
    });
  });

  it('keeps its slot until the answer is read, and gives the slot and the connection back when the reader goes away', async () => {
    const first = await withExportSlot(() => exportXlsx(t.db, numbers(3_000)));
    const second = await withExportSlot(() => exportXlsx(t.db, numbers(200_000)));
    await expect(withExportSlot(async () => 'third')).rejects.toMatchObject({ statusCode: 429 });
    expect((await answerOf(first)).filename).toBe('numbers.xlsx');
    await expect(withExportSlot(async () => 'one free')).resolves.toBe('one free');
    // The second's reader never reads: the cursor waits for it; then it goes away.
    await vi.waitFor(() => expect(second.readableLength).toBeGreaterThan(0));
    second.destroy();
    await vi.waitFor(() => expect(t.pool.idleCount).toBe(t.pool.totalCount));
    const [a, b] = await Promise.all([withExportSlot(async () => 'a'), withExportSlot(async () => 'b')]);
    expect([a, b]).toEqual(['a', 'b']);
  });
});
