/**
 * Helpers of the device loop spec (devices-simulator.spec.ts): an enrolment token made through the
 * console API with the page's session, and the device simulator (tools/simulator/simulate.mjs) run
 * as a child process against the e2e server, over real HTTP, until it exits.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import type { EnrolmentTokenCreateResponse } from '@wayguard/contracts';
import { postAsPage } from './api-helpers';

const run = promisify(execFile);
const SIMULATOR = fileURLToPath(new URL('../../../tools/simulator/simulate.mjs', import.meta.url));

/** A run of the simulator may wait on a busy machine; it never needs this long. */
const SIMULATOR_TIMEOUT_MS = 60_000;

/**
 * A fleet name of this test only, so that its devices are found by name and a re-run with the same
 * name finds the same devices. The simulator names devices after the fleet's first 8 letters and
 * digits: 'E2E', four of the clock's base-36 digits (they repeat after 28 minutes; every run starts
 * on an empty database) and the worker's index (two workers may start in the same millisecond).
 */
export function uniqueFleet(): string {
  return `e2e${Date.now().toString(36).slice(-4)}${(test.info().parallelIndex % 36).toString(36)}`;
}

/**
 * Creates an enrolment token as the page's signed-in admin (made for a console user when `userId` is
 * given: mobiles it enrols are lent to the user); answers the token's id and its secret.
 */
export async function createEnrolmentToken(
  page: Page,
  label: string,
  userId?: number,
): Promise<{ id: number; secret: string }> {
  const res = await postAsPage(page, '/enrolment_tokens', {
    label,
    max_uses: 5,
    valid_days: 1,
    ...(userId === undefined ? {} : { user_id: userId }),
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as EnrolmentTokenCreateResponse;
  return { id: body.token.id, secret: body.secret };
}

export async function revokeEnrolmentToken(page: Page, id: number): Promise<void> {
  const res = await postAsPage(page, '/enrolment_tokens/revoke', { id });
  expect(res.status(), await res.text()).toBe(200);
}

export type SimulatorRun = { machines: number; mobiles: number; fleet: string; token: string };

/**
 * Runs `simulate.mjs --once` (enrol, inventory, check in, policy, waiting commands, stop) and answers
 * what it printed; a failed run fails the test with its output. The output is attached to the test.
 */
export async function runSimulatorOnce(o: SimulatorRun): Promise<string> {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('playwright.config.ts sets no baseURL');
  const args = [
    SIMULATOR,
    ...['--url', url, '--token', o.token, '--fleet', o.fleet],
    ...['--devices', String(o.machines), '--mobiles', String(o.mobiles), '--once'],
    // The devices' secrets, kept between the runs of a fleet (a re-run sends them: issue 25).
    ...['--state', path.join(tmpdir(), 'wayguard-e2e-simulator', `${o.fleet}.json`)],
  ];
  let output: string;
  try {
    const { stdout, stderr } = await run(process.execPath, args, { timeout: SIMULATOR_TIMEOUT_MS });
    output = `${stdout}${stderr}`;
  } catch (e) {
    const failed = e as { code?: number | string; signal?: string; stdout?: string; stderr?: string };
    throw new Error(
      `The simulator failed (exit ${failed.code ?? '?'}${failed.signal ? `, ${failed.signal}` : ''}):\n` +
        `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    );
  }
  await test.info().attach(`simulator ${o.fleet}`, { body: output, contentType: 'text/plain' });
  return output;
}

/** The names of the devices a run enrolled, from its 'NAME: enrolled as device N' lines. */
export function enrolledNames(output: string): string[] {
  return [...output.matchAll(/ (\S+): enrolled as device \d+/g)].map((m) => m[1] ?? '');
}
