/**
 * Writes the registry's table (registry.ts keptTable) into docs/architecture.md between its
 * kept-table markers: `npm run docs:kept`. kept-table.test.ts fails when the committed table differs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { keptTable } from './registry.js';

export const ARCHITECTURE = fileURLToPath(new URL('../../../../../docs/architecture.md', import.meta.url));
const START = '<!-- kept-table:start -->';
const END = '<!-- kept-table:end -->';

/** The document with the table between the markers replaced by `table`. */
export function withKeptTable(doc: string, table = keptTable()): string {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  if (from < 0 || to < from) throw new Error(`docs/architecture.md has no ${START} … ${END}`);
  return `${doc.slice(0, from + START.length)}\n\n${table}\n\n${doc.slice(to)}`;
}

/** The table between the markers, as rows of trimmed cells (Prettier's padding aside). */
export function tableCells(doc: string): string[][] {
  const from = doc.indexOf(START);
  const to = doc.indexOf(END);
  return doc
    .slice(from + START.length, to)
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim())
        .map((c) => (/^-+$/.test(c) ? '---' : c)),
    );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(ARCHITECTURE, withKeptTable(readFileSync(ARCHITECTURE, 'utf8')));
}
