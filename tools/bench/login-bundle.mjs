// Login page weight: the gzipped JS a visitor of /login downloads before the page works (the entry and
// the login route's chunk with everything they import statically), against the baseline of the whole
// app's JS measured from the same build. Exits 1 above the budget (issue 8: 150 KiB gzipped).
// Run after `npm run build`: node tools/bench/login-bundle.mjs (or npm run bench:login, which builds).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

const dist = path.resolve('apps/web/dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(dist, file))).length;

/** Every chunk statically imported from `key`, including itself. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

const loginKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/routes/LoginPage.tsx'));
if (!loginKey) throw new Error('LoginPage chunk not found in the manifest');
const loginFiles = new Set([...closure('index.html'), ...closure(loginKey)]);
const allJs = new Set(
  Object.values(manifest)
    .map((e) => e.file)
    .filter((f) => f.endsWith('.js')),
);
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(f), 0);
const login = sum(loginFiles);
const all = sum(allJs);
console.log(`login page JS (gzip): ${(login / 1024).toFixed(1)} KiB in ${loginFiles.size} chunks`);
console.log(`whole app JS (gzip):  ${(all / 1024).toFixed(1)} KiB in ${allJs.size} chunks (baseline)`);
console.log(`ratio login/app: ${(login / all).toFixed(3)}`);
const BUDGET_KIB = 150;
const within = login / 1024 <= BUDGET_KIB;
console.log(`budget: ${BUDGET_KIB} KiB gzip, ${within ? 'met' : 'EXCEEDED'}`);
if (!within) process.exitCode = 1;
