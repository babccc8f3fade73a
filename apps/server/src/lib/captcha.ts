/**
 * Self-hosted captcha: ALTCHA proof of work (altcha-lib v2). The server signs a challenge with HMAC;
 * the browser finds the counter (PBKDF2/SHA-256); the server verifies the signature, the expiry and
 * the key, and accepts each solved challenge once.
 */
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { DbOrTx } from '../db/client.js';
import { hit } from './rate-limit.js';
import { derivedKey } from './derived-key.js';

const CHALLENGE_TTL_MS = 10 * 60_000;

/** The captcha's HMAC keys: its own HKDF labels, apart from the keys that seal tickets and payloads. */
function secrets(secretKey: string) {
  const derive = (label: string) => derivedKey(secretKey, label).toString('hex');
  return {
    hmacSignatureSecret: derive('wayguard captcha signature'),
    hmacKeySignatureSecret: derive('wayguard captcha key signature'),
  };
}

/** A new challenge, JSON-encoded for the client. `cost` is kept low: the work is in the counter search. */
export async function createCaptchaChallenge(
  secretKey: string,
  difficulty = { min: 2_000, max: 6_000 },
): Promise<string> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 50,
    counter: randomInt(difficulty.min, difficulty.max),
    deriveKey,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    ...secrets(secretKey),
  });
  return JSON.stringify(challenge);
}

/** `response` is base64 of JSON {challenge, solution}. True once per solved challenge. */
export async function verifyCaptcha(db: DbOrTx, secretKey: string, response: string | undefined): Promise<boolean> {
  if (!response || response.length > 4096) return false;
  let payload: { challenge: Challenge; solution: Solution };
  try {
    payload = JSON.parse(Buffer.from(response, 'base64').toString('utf8')) as typeof payload;
  } catch {
    return false;
  }
  if (!payload?.challenge?.parameters || !payload.solution || typeof payload.challenge.signature !== 'string')
    return false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...secrets(secretKey),
    });
    if (!result.verified) return false;
  } catch {
    return false;
  }
  // Replay protection: a signature may be redeemed once within its lifetime.
  const used = await hit(db, `captcha:${payload.challenge.signature}`, Math.ceil(CHALLENGE_TTL_MS / 1000) * 2);
  return used.count === 1;
}
