/**
 * Every `docs/….md` a source file cites exists (issue 26: four comments cited docs/decisions-pending/*.md,
 * which never did). Scans the repository's sources: apps, packages and tools.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '../../../../..');
const SOURCES = /\.(ts|tsx|js|mjs|cjs|css)$/;
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', '.auth', 'drizzle']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCES.test(entry.name)) yield full;
  }
}

/** `docs/….md` paths cited in a text, each with its line. */
function citedDocs(text: string): { doc: string; line: number }[] {
  return text
    .split('\n')
    .flatMap((l, i) => [...l.matchAll(/(?<![\w/.-])docs\/[\w./-]+?\.md\b/g)].map((m) => ({ doc: m[0], line: i + 1 })));
}

describe('documents cited by source comments', () => {
  it('finds a citation and its line', () => {
    expect(citedDocs("x\n// see docs/decisions.md 'Users' and (docs/decisions-pending/wa-web.md).")).toEqual([
      { doc: 'docs/decisions.md', line: 2 },
      { doc: 'docs/decisions-pending/wa-web.md', line: 2 },
    ]);
    expect(citedDocs('apps/docs/x.md or mydocs/y.md')).toEqual([]);
  });

  it('exist, for every citation in apps, packages and tools', () => {
    const missing: string[] = [];
    let cited = 0;
    for (const top of ['apps', 'packages', 'tools'])
      for (const file of sourceFiles(path.join(ROOT, top)))
        if (file !== SELF)
          for (const { doc, line } of citedDocs(readFileSync(file, 'utf8'))) {
            cited++;
            if (!existsSync(path.join(ROOT, doc))) missing.push(`${path.relative(ROOT, file)}:${line} ${doc}`);
          }
    expect(cited).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
