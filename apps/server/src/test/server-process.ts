/**
 * The REAL server process for tests (node apps/server/dist/main.js, compiled first): start it with an
 * environment of the test's choosing on free ports, wait until /api/health answers, or until it exits.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/dist/main.js');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Contracts and server compiled as they ship (incremental; cheap when up to date). */
export async function buildServer(): Promise<void> {
  await promisify(execFile)(
    process.execPath,
    [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'packages/contracts', 'apps/server'],
    { cwd: ROOT },
  );
}

export type ServerProcess = {
  proc: ChildProcess;
  base: string;
  /** stdout and stderr as written so far. */
  output: () => string;
  exited: Promise<number | null>;
  kill: () => Promise<void>;
};

/** Starts the server with only PATH, HOME and `env` (nothing inherited from the test run's environment). */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const proc = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  proc.stdout?.on('data', (d: Buffer) => chunks.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => chunks.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    proc,
    base: `http://127.0.0.1:${env.PORT}`,
    output: () => chunks.join(''),
    exited,
    kill: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Resolves once /api/health answers 200; throws with the server's output if it exits or takes 2 minutes. */
export async function untilHealthy(s: ServerProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (s.proc.exitCode !== null) throw new Error(`server exited at start:\n${s.output()}`);
    try {
      if ((await fetch(`${s.base}/api/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${s.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
