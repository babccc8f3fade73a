/**
 * Every document the repository cites exists, and so does the part of it that is cited (issue 26: four
 * comments cited docs/decisions-pending/*.md, which never did; issue 27: the decision record became
 * docs/decisions/<topic>.md, one `##` heading per entry). Scans the sources of apps, packages and tools,
 * the documents under docs/ and README.md:
 * - `docs/….md` exists, and a title cited right after it in quotes (`docs/decisions/devices.md "Device
 *   identity (issue 25)"`, even across a comment's line break) is a heading of that file, the start of
 *   one, a bold term in it, or the first words of one of its lines;
 * - in the documents, outside code, a relative link `[…](file.md#anchor)` names a file that exists and
 *   one of its headings (GitHub's anchor of it).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '../../../../..');
const SOURCES = /\.(ts|tsx|js|mjs|cjs|css|md)$/;
const SKIP = new Set(['node_modules', 'dist', 'data', 'test-results', '.auth', 'drizzle']);

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (SOURCES.test(entry.name)) yield full;
  }
}

interface Citation {
  doc: string;
  line: number;
  title?: string;
}

/** A line break inside a comment or a paragraph, with the next line's comment marker. */
const BREAK = String.raw`\s*\n\s*(?:\*(?!\/)|\/\/|#)?\s*`;
/** The path, then a title in double quotes, or in single quotes closed by a quote that ends a word. */
const CITATION = new RegExp(
  String.raw`(?<![\w/.-])(docs\/[\w./-]+?\.md)\b(?:(?:[ \t]+|${BREAK})(?:"([^"]+?)"|'((?:[^']|'(?=\w))+?)'(?!\w)))?`,
  'g',
);

/** `docs/….md` paths cited in a text, each with its line and the title cited after it, if any. */
function citedDocs(text: string): Citation[] {
  return [...text.matchAll(CITATION)].map((m) => {
    const line = text.slice(0, m.index).split('\n').length;
    const quoted = m[2] ?? m[3];
    const title = quoted?.replace(new RegExp(BREAK, 'g'), ' ');
    return title === undefined ? { doc: m[1]!, line } : { doc: m[1]!, line, title };
  });
}

/** A document's headings, without their `#` marks. */
function headings(text: string): string[] {
  return [...text.matchAll(/^#{1,6} +(.+?) *$/gm)].map((m) => m[1]!);
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces as `-`. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

function titleFound(text: string, title: string): boolean {
  const t = title.replace(/\s+/g, ' ').trim();
  if (headings(text).some((h) => h === t || h.startsWith(`${t} (`))) return true;
  const escaped = t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(String.raw`\*\*${escaped}\.?\*\*|^${escaped}[:.]`, 'm').test(text);
}

/** A document without its code (fenced blocks and inline spans), line breaks kept. */
function withoutCode(text: string): string {
  return text.replace(/^```[^]*?^```/gm, (block) => block.replace(/[^\n]/g, '')).replace(/`[^`\n]*`/g, '');
}

/** Relative markdown links to `.md` files in a document, outside code, each with its line and anchor. */
function mdLinks(markdown: string): { target: string; anchor?: string; line: number }[] {
  const text = withoutCode(markdown);
  return [...text.matchAll(/\]\((?![a-z]+:)([^)#\s]*\.md)?(?:#([^)\s]+))?\)/g)]
    .filter((m) => m[1] !== undefined || m[2] !== undefined)
    .map((m) => ({
      target: m[1] ?? '',
      ...(m[2] === undefined ? {} : { anchor: m[2] }),
      line: text.slice(0, m.index).split('\n').length,
    }));
}

function* scanned(): Generator<string> {
  for (const top of ['apps', 'packages', 'tools', 'docs']) yield* sourceFiles(path.join(ROOT, top));
  yield path.join(ROOT, 'README.md');
}

describe('documents cited by the sources and the documents', () => {
  it('finds a citation, its line and its title', () => {
    expect(
      citedDocs("x\n// see docs/decisions/users.md 'Who may act' and (docs/decisions-pending/wa-web.md)."),
    ).toEqual([
      { doc: 'docs/decisions/users.md', line: 2, title: 'Who may act' },
      { doc: 'docs/decisions-pending/wa-web.md', line: 2 },
    ]);
    expect(citedDocs('apps/docs/x.md or mydocs/y.md')).toEqual([]);
    expect(citedDocs(`/**\n * (docs/decisions/devices.md "The device\n * password's length (issue 26)").`)).toEqual([
      { doc: 'docs/decisions/devices.md', line: 2, title: "The device password's length (issue 26)" },
    ]);
    expect(citedDocs("(docs/decisions/devices.md 'The device password's length').")[0]?.title).toBe(
      "The device password's length",
    );
    expect(citedDocs('docs/security.md, "Production defaults"')).toEqual([{ doc: 'docs/security.md', line: 1 }]);
  });

  it('finds a title as a heading, the start of one, a bold term or a line start; a missing one is missing', () => {
    const doc = '# Topic\n\n## Device identity (issue 25)\n\n**Scopes** are nodes.\n\nMatching is strict: yes.\n';
    expect(titleFound(doc, 'Device identity (issue 25)')).toBe(true);
    expect(titleFound(doc, 'Device identity')).toBe(true);
    expect(titleFound(doc, 'Device identity (issue')).toBe(false);
    expect(titleFound(doc, 'Scopes')).toBe(true);
    expect(titleFound(doc, 'Matching is strict')).toBe(true);
    expect(titleFound(doc, 'Device')).toBe(false);
    expect(titleFound(doc, 'Scope rules cache')).toBe(false);
  });

  it('finds the links of a document outside its code', () => {
    const doc =
      'See [a](a.md#x) and [b](#y).\n\n```md\n[c](c.md)\n```\n`[d](d.md)` [e](https://e.org/e.md) [f](f.md)\n';
    expect(mdLinks(doc)).toEqual([
      { target: 'a.md', anchor: 'x', line: 1 },
      { target: '', anchor: 'y', line: 1 },
      { target: 'f.md', line: 6 },
    ]);
  });

  it("gives a heading GitHub's anchor", () => {
    expect(anchorOf('Kept scope rules by version')).toBe('kept-scope-rules-by-version');
    expect(anchorOf("The device password's length (issue 26)")).toBe('the-device-passwords-length-issue-26');
    expect(anchorOf('`npm run serve` is `node --v8-pool-size=1`')).toBe('npm-run-serve-is-node---v8-pool-size1');
  });

  it('exist, with every cited title, for every citation in apps, packages, tools, docs and README.md', () => {
    const missing: string[] = [];
    let cited = 0;
    let titled = 0;
    for (const file of scanned()) {
      if (file === SELF) continue;
      for (const { doc, line, title } of citedDocs(readFileSync(file, 'utf8'))) {
        cited++;
        const where = `${path.relative(ROOT, file)}:${line} ${doc}`;
        const target = path.join(ROOT, doc);
        if (!existsSync(target)) missing.push(where);
        else if (title !== undefined) {
          titled++;
          if (!titleFound(readFileSync(target, 'utf8'), title)) missing.push(`${where} "${title}"`);
        }
      }
    }
    expect(cited).toBeGreaterThan(100);
    expect(titled).toBeGreaterThan(80);
    expect(missing).toEqual([]);
  });

  it('resolve, file and anchor, for every relative link between the documents', () => {
    const broken: string[] = [];
    let links = 0;
    for (const file of scanned()) {
      if (!file.endsWith('.md')) continue;
      for (const { target, anchor, line } of mdLinks(readFileSync(file, 'utf8'))) {
        links++;
        const where = `${path.relative(ROOT, file)}:${line} ${target}${anchor === undefined ? '' : `#${anchor}`}`;
        const full = target === '' ? file : path.resolve(path.dirname(file), target);
        if (!existsSync(full)) broken.push(where);
        else if (anchor !== undefined && !headings(readFileSync(full, 'utf8')).map(anchorOf).includes(anchor))
          broken.push(where);
      }
    }
    expect(links).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
