import { describe, expect, it } from 'vitest';
import {
  providerActorName,
  providerDecideRequest,
  providerDenyForm,
  providerDetailsQuery,
  providerQueueQuery,
  PROVIDER_MSG,
} from './provider.js';

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
