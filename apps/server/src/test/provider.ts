/**
 * Test helpers of the provider's review team API: sign-in (password, then TOTP code: provider/sign-in.ts)
 * through app.inject(), and a signed-in member's session.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { CSRF_HEADER, PROVIDER_BASE, type ProviderSessionResponse } from '@wayguard/contracts';
import { totpCode } from '../lib/totp.js';
import { nextIp, type TestApp } from './harness.js';

export type StaffCredentials = { username: string; password: string; totpSecret: string };
export type StaffSession = { cookie: string; csrf: string };

export const providerCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'wg_provider');

/** POST /login with the body as given (no code unless `code` is set). */
export function providerLogin(
  t: TestApp,
  body: { username: string; password: string; code?: string; captcha?: string },
  ip = nextIp(),
) {
  return t.app.inject({
    method: 'POST',
    url: `${PROVIDER_BASE}/login`,
    headers: { [CSRF_HEADER]: 'anonymous' },
    payload: body,
    remoteAddress: ip,
  });
}

/**
 * Signs `s` in with the current code. A code is accepted once, and tests sign the same member in many
 * times within one 30-second step: the member's last accepted step is forgotten first (a test-only
 * shortcut; sign-in.test.ts checks the replay refusal itself).
 */
export async function signInStaff(t: TestApp, s: StaffCredentials, ip = nextIp()) {
  await t.db.execute(sql`UPDATE provider_staff SET totp_last_counter = NULL WHERE username = ${s.username}`);
  return providerLogin(t, { username: s.username, password: s.password, code: totpCode(s.totpSecret) }, ip);
}

export async function staffSessionOf(t: TestApp, s: StaffCredentials): Promise<StaffSession> {
  const res = await signInStaff(t, s);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${s.username}: ${res.statusCode} ${res.body}`);
  return { cookie: providerCookie(res)!.value, csrf: res.json<ProviderSessionResponse>().csrf_token };
}
