import { describe, expect, it } from 'vitest';
import { providerActorName, providerDecideRequest, providerDenyForm, PROVIDER_MSG } from './provider.js';

describe('provider contracts', () => {
  it('names the acting member once: Wayguard Team (Sam Rivera)', () => {
    expect(providerActorName('Sam Rivera (Wayguard Team)')).toBe('Wayguard Team (Sam Rivera)');
    expect(providerActorName('  Sam Rivera ')).toBe('Wayguard Team (Sam Rivera)');
    expect(providerActorName('(Wayguard Team)')).toBe('Wayguard Team ((Wayguard Team))');
  });

  it('wants 4 to 500 characters of notes for a denial, none for an approval', () => {
    expect(providerDecideRequest.safeParse({ id: 1, decision: 'approve' }).success).toBe(true);
    const short = providerDecideRequest.safeParse({ id: 1, decision: 'deny', notes: '  abc  ' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]).toMatchObject({ path: ['notes'], message: PROVIDER_MSG.notesShort });
    expect(providerDecideRequest.safeParse({ id: 1, decision: 'deny', notes: 'abcd' }).success).toBe(true);
    expect(providerDecideRequest.safeParse({ id: 1, decision: 'deny', notes: 'x'.repeat(501) }).success).toBe(false);
    expect(providerDenyForm.safeParse({ notes: '    ' }).success).toBe(false);
    expect(providerDenyForm.safeParse({ notes: 'Gambling' }).success).toBe(true);
  });
});
