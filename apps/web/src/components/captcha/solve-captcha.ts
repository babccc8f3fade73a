/**
 * The ALTCHA (altcha-lib v2) proof-of-work solver. Loaded only by dynamic import when a captcha is
 * actually ticked, so it never weighs on the first load of the login page. The package entry is
 * browser-safe (Web Crypto only); the Node key-derivation modules are never imported here.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

const SOLVE_TIMEOUT_MS = 60_000;

function parseChallenge(json: string): Challenge {
  const value: unknown = JSON.parse(json);
  if (!value || typeof value !== 'object' || !('parameters' in value)) throw new Error('Malformed captcha challenge');
  return value as Challenge;
}

/** Solves the challenge and returns the payload the server expects: base64 of JSON {challenge, solution}. */
export async function solveCaptcha(challengeJson: string, controller?: AbortController): Promise<string> {
  const challenge = parseChallenge(challengeJson);
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error('Captcha not solved');
  // The payload is pure ASCII (hex strings, numbers), so btoa is safe.
  return btoa(JSON.stringify({ challenge, solution }));
}
