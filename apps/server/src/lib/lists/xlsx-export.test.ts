import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../test/db.js';
import { EXPORT_MAX_ROWS, cellDate, exportXlsx, isoDate, safeText, withExportSlot } from './xlsx-export.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => t.pool.end());

async function read(content: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(content, 'base64') as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('streaming XLSX export', () => {
  it('writes the header and every row of the SELECT, in its order, across batches', async () => {
    const res = await exportXlsx<{ n: number; label: string }>(t.db, {
      sheet: 'Numbers',
      columns: [
        { header: 'N', key: 'n', width: 10 },
        { header: 'Label', key: 'label', width: 10 },
      ],
      select: sql`SELECT n, CASE WHEN n = 2 THEN '=1+1' ELSE 'row ' || n END AS label FROM generate_series(1, 4500) n ORDER BY n`,
      toCells: (r) => ({ n: r.n, label: safeText(r.label) }),
      filename: 'numbers.xlsx',
    });
    expect(res.filename).toBe('numbers.xlsx');
    const ws = await read(res.content);
    expect(ws.name).toBe('Numbers');
    expect(ws.rowCount).toBe(1 + 4500);
    expect(ws.getRow(1).values).toEqual([undefined, 'N', 'Label']);
    expect(ws.getRow(3).values).toEqual([undefined, 2, "'=1+1"]);
    expect(ws.getRow(4501).values).toEqual([undefined, 4500, 'row 4500']);
  });

  it('writes only the header when nothing can match', async () => {
    const res = await exportXlsx(t.db, {
      sheet: 'Empty',
      columns: [{ header: 'N', key: 'n' }],
      select: null,
      toCells: () => ({}),
      filename: 'empty.xlsx',
    });
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
});
