import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHITECTURE, tableCells, withKeptTable } from './kept-table.js';
import { KEPT, keptTable } from './registry.js';

describe("docs/architecture.md's kept table", () => {
  it('is the registry (npm run docs:kept writes it)', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    expect(tableCells(doc)).toEqual(tableCells(withKeptTable(doc, keptTable())));
    expect(tableCells(doc)).toHaveLength(KEPT.length + 2);
  });

  it('names each kept thing once', () => {
    expect(new Set(KEPT.map((k) => k.name)).size).toBe(KEPT.length);
  });
});
