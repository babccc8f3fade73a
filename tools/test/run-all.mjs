#!/usr/bin/env node
/**
 * `npm test`: every layer of the test suite, in the order of its stages; the layers of a stage run at
 * the same time (tsc, ESLint and Prettier are single-threaded: side by side they fill both cores). A
 * layer's output is printed whole when it ends, so parallel layers never interleave. Stops at the
 * first stage with a failure, and ends with the time each layer took (README "Tests").
 */
import { spawn } from 'node:child_process';

/**
 * Stages in order. The build (`tsc -b` of contracts and server, which also typechecks them, then the
 * web app's bundle) runs beside the other checks: the server tests need the server's dist
 * (faults.test.ts starts it) and the browser tests the bundle. The other typecheck lanes read sources
 * only, lint skips dist and the unit tests run from sources, so nothing here races the build.
 */
const STAGES = [
  // Debian's Chromium for the browser tests, then its PostgreSQL server for the server's fault tests
  // (src/test/external-pg.ts runs one); one after the other, since two apt-get runs cannot share dpkg's lock.
  [['chromium+postgresql', 'bash', ['-c', 'tools/test/ensure-chromium.sh && tools/test/ensure-postgresql.sh']]],
  [
    ['build', 'npm', ['run', '--silent', 'build']],
    ['typecheck:tests', 'npm', ['run', '--silent', 'typecheck:tests']],
    ['typecheck:web', 'npm', ['run', '--silent', 'typecheck:web']],
    ['lint:eslint', 'npm', ['run', '--silent', 'lint:eslint']],
    ['lint:format', 'npm', ['run', '--silent', 'lint:format']],
    ['unit', 'npm', ['run', '--silent', 'test:unit']],
  ],
  [
    ['server', 'npm', ['run', '--silent', 'test:server']],
    // The login page's JS budget (issue 8: 150 KiB gzipped), read off the bundle just built.
    ['login-bundle', 'node', ['tools/bench/login-bundle.mjs']],
  ],
  [['e2e', 'npm', ['run', '--silent', 'test:browser']]],
];

const times = [];
const started = Date.now();

/** Runs one layer; with `buffer`, its output is held and printed when it ends. */
function run([name, cmd, args], buffer) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const chunks = [];
    const child = spawn(cmd, args, { stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (buffer) {
      child.stdout.on('data', (c) => chunks.push(c));
      child.stderr.on('data', (c) => chunks.push(c));
    }
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - t0) / 1000;
      times.push({ name, seconds, ok: code === 0 });
      if (buffer) {
        process.stdout.write(`\n── ${name} (${seconds.toFixed(0)} s) ──\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      if (code !== 0) process.stdout.write(`\n✗ ${name} failed (${signal ?? `exit ${code}`})\n`);
      resolve(code === 0);
    });
  });
}

function summary() {
  const total = (Date.now() - started) / 1000;
  process.stdout.write('\nTest layers:\n');
  for (const t of times)
    process.stdout.write(`  ${t.ok ? '✓' : '✗'} ${t.name.padEnd(15)} ${t.seconds.toFixed(0).padStart(5)} s\n`);
  process.stdout.write(`  total           ${total.toFixed(0).padStart(5)} s\n`);
}

for (const stage of STAGES) {
  const results = await Promise.all(stage.map((layer) => run(layer, stage.length > 1)));
  if (results.includes(false)) {
    summary();
    process.exit(1);
  }
}
summary();
