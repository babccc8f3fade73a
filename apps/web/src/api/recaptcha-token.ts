/** GET /recaptcha_token (000 §7.1): a fresh ALTCHA challenge, JSON-encoded in `token`. */
import type { z } from 'zod';
import type { recaptchaTokenResponse } from '@wayguard/contracts';
import { api } from '../lib/api-client';

type RecaptchaTokenResponse = z.infer<typeof recaptchaTokenResponse>;

/** Fetched on demand (when the visitor ticks the captcha), never cached: a challenge is single use. */
export async function fetchCaptchaChallenge(signal?: AbortSignal): Promise<string> {
  const res = await api.get<RecaptchaTokenResponse>('/recaptcha_token', undefined, {
    quiet: true,
    noRedirect: true,
    signal,
  });
  if (!res.success || !res.token) throw new Error('No captcha challenge');
  return res.token;
}
