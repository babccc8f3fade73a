/**
 * The project's import boundaries as ESLint rules (eslint.config.js), on resolved paths: an import is
 * resolved against the importing file's folder before it is judged, so `../../other-feature/x` is
 * caught however it is spelt. Written here rather than taken from eslint-plugin-import-x, whose
 * resolver needs native packages the registry of this project's machines does not serve (a fresh
 * `npm ci` failed; docs/decisions/dependencies.md "Import boundaries without a plugin").
 *
 * - `restricted-paths`: zones `{ target, from, except?, message }` (folders; `except` relative to
 *   `from`): a file inside `target` may not import anything inside `from`.
 * - `no-cycle`: a value import (not `import type`) may not lead back to the importing file through
 *   other static value imports. Dynamic `import()` is not followed (it creates no load-order cycle).
 */
import fs from 'node:fs';
import path from 'node:path';

const asList = (x) => (Array.isArray(x) ? x : [x]);
const inside = (file, dir) => file === dir || file.startsWith(dir + path.sep);

/** The static import and re-export sources of a module node, with whether each is type-only. */
function sourcesOf(node) {
  if (node.type === 'ImportDeclaration') return [{ node: node.source, typeOnly: node.importKind === 'type' }];
  if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source)
    return [{ node: node.source, typeOnly: node.exportKind === 'type' }];
  return [];
}

const restrictedPaths = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false }],
    messages: { restricted: '{{message}} ({{spec}})' },
  },
  create(context) {
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((z) => asList(z.target).some((t) => inside(file, t)));
    if (zones.length === 0) return {};
    const check = (source) => {
      const spec = source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), spec);
      for (const zone of zones) {
        const hit = asList(zone.from).some(
          (from) => inside(resolved, from) && !(zone.except ?? []).some((e) => inside(resolved, path.resolve(from, e))),
        );
        if (hit) context.report({ node: source, messageId: 'restricted', data: { message: zone.message, spec } });
      }
    };
    return {
      ImportDeclaration: (n) => check(n.source),
      ExportNamedDeclaration: (n) => check(n.source),
      ExportAllDeclaration: (n) => check(n.source),
      ImportExpression: (n) => check(n.source),
    };
  },
};

/** A relative specifier as the file it names: `.js` written for a `.ts` file (NodeNext), folders' index. */
function resolveFile(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  const stem = base.replace(/\.(js|jsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${base}.ts`,
    `${base}.tsx`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
  ];
  return candidates.find((c) => {
    try {
      return fs.statSync(c).isFile();
    } catch {
      return false;
    }
  });
}

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"](\.[^'"]+)['"]/g;
const edges = new Map();

/** The files a file imports by static value imports (cached for the lint run). */
function valueImports(file) {
  let out = edges.get(file);
  if (out) return out;
  out = [];
  edges.set(file, out);
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return out;
  }
  for (const m of text.matchAll(STATIC_IMPORT)) {
    if (m[1]) continue;
    const target = resolveFile(file, m[2]);
    if (target && /\.(ts|tsx)$/.test(target)) out.push(target);
  }
  return out;
}

/** A path of static value imports from `start` back to `goal`, or null. */
function pathBack(start, goal) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === goal) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of valueImports(file)) stack.push([next, [...trail, next]]);
  }
  return null;
}

const noCycle = {
  meta: { type: 'problem', schema: [], messages: { cycle: 'Dependency cycle: {{trail}}' } },
  create(context) {
    const file = context.filename;
    const check = (node) => {
      for (const { node: source, typeOnly } of sourcesOf(node)) {
        if (typeOnly || typeof source.value !== 'string' || !source.value.startsWith('.')) continue;
        const target = resolveFile(file, source.value);
        if (!target) continue;
        const trail = pathBack(target, file);
        if (trail) {
          const names = trail.map((f) => path.relative(path.dirname(file), f) || path.basename(f));
          context.report({ node: source, messageId: 'cycle', data: { trail: names.join(' → ') } });
        }
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'restricted-paths': restrictedPaths, 'no-cycle': noCycle } };
