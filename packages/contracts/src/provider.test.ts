import { describe, expect, it } from 'vitest';
import {
  providerActorName,
  providerDecideRequest,
  providerDenyForm,
  providerDetailsQuery,
  providerQueueQuery,
  PROVIDER_MSG,
} from './provider.js';
import { MSG } from './messages.js';

describe('provider contracts', () => {
  it('names the acting member once: Wayguard Team (Sam Rivera)', () => {
    expect(providerActorName('Sam Rivera (Wayguard Team)')).toBe('Wayguard Team (Sam Rivera)');
    expect(providerActorName('  Sam Rivera ')).toBe('Wayguard Team (Sam Rivera)');
    expect(providerActorName('(Wayguard Team)')).toBe('Wayguard Team ((Wayguard Team))');
  });

  it('wants 4 to 500 characters of notes for a denial, none for an approval', () => {
    expect(providerDecideRequest.safeParse({ id: 1, kind: 'website', decision: 'approve' }).success).toBe(true);
    const short = providerDecideRequest.safeParse({ id: 1, kind: 'website', decision: 'deny', notes: '  abc  ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]).toMatchObject({ path: ['notes'], message: PROVIDER_MSG.notesShort });
    expect(providerDecideRequest.safeParse({ id: 1, kind: 'website', decision: 'deny', notes: 'abcd' }).success).toBe(
      true,
    );
    expect(
      providerDecideRequest.safeParse({ id: 1, kind: 'website', decision: 'deny', notes: 'x'.repeat(501) }).success,
    ).toBe(false);
    expect(providerDenyForm.safeParse({ notes: '    ' }).success).toBe(false);
    expect(providerDenyForm.safeParse({ notes: 'Gambling' }).success).toBe(true);
  });

  it('names the thread by its kind and id: website, media or app, never none', () => {
    expect(providerDecideRequest.safeParse({ id: 1, kind: 'app', decision: 'approve' }).success).toBe(true);
    expect(providerDecideRequest.safeParse({ id: 1, kind: 'media', decision: 'approve' }).success).toBe(true);
    expect(providerDecideRequest.safeParse({ id: 1, decision: 'approve' }).success).toBe(false);
    expect(providerDecideRequest.safeParse({ id: 1, kind: 'apps', decision: 'approve' }).success).toBe(false);
    expect(providerDetailsQuery.safeParse({ id: '3', kind: 'app' }).success).toBe(true);
    expect(providerDetailsQuery.safeParse({ id: '3' }).success).toBe(false);
    expect(providerQueueQuery.safeParse({ kind: 'app' }).success).toBe(true);
  });
});

describe('provider sign-in and team contracts (issue 25)', () => {
  it('takes an optional six-digit code and an optional captcha with the password', async () => {
    const { providerLoginRequest, providerLoginResponse } = await import('./provider.js');
    const base = { username: 'sam', password: 'x' };
    expect(providerLoginRequest.safeParse(base).success).toBe(true);
    expect(providerLoginRequest.safeParse({ ...base, code: '123456', captcha: 'abc' }).success).toBe(true);
    for (const code of ['12345', '1234567', '12a456', ''])
      expect([code, providerLoginRequest.safeParse({ ...base, code }).error?.issues[0]?.message]).toEqual([
        code,
        MSG.mfaCode,
      ]);
    expect(providerLoginRequest.safeParse({ ...base, captcha: 'x'.repeat(4097) }).success).toBe(false);
    expect(
      providerLoginResponse.safeParse({ success: false, mfa_required: true, captcha_challenge: null }).success,
    ).toBe(true);
  });

  it('deactivates a member named by a positive id', async () => {
    const { providerDeactivateRequest } = await import('./provider-team.js');
    expect(providerDeactivateRequest.safeParse({ id: 3 }).success).toBe(true);
    for (const id of [0, -1, 1.5, '3', null]) expect(providerDeactivateRequest.safeParse({ id }).success).toBe(false);
  });
});
