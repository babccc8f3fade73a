import { beforeEach, describe, expect, it } from 'vitest';
import {
  cachedSession,
  forgetAllSessions,
  forgetSession,
  forgetUserSessions,
  keepSession,
  SESSION_CACHE_MS,
  touchCachedSession,
  type SessionRow,
} from './session-cache.js';

const row = (idHash: string, userId = 1): SessionRow => ({
  idHash,
  csrfToken: 'csrf',
  lastSeenAt: new Date(0),
  expiresAt: new Date(10_000_000),
  userId,
  accountId: 1,
  username: `user${userId}`,
  firstName: '',
  lastName: '',
  type: 'console_admin',
  status: 'activated',
});

beforeEach(() => forgetAllSessions());

describe('session cache', () => {
  it('keeps a row for SESSION_CACHE_MS, then reads again', () => {
    const now = Date.now();
    keepSession(row('a'), now);
    expect(cachedSession('a', now + SESSION_CACHE_MS - 1)?.idHash).toBe('a');
    expect(cachedSession('a', now + SESSION_CACHE_MS)).toBeUndefined();
    expect(cachedSession('b', now)).toBeUndefined();
  });

  it('records a touch of last_seen_at', () => {
    const now = Date.now();
    keepSession(row('a'), now);
    touchCachedSession('a', new Date(5_000));
    expect(cachedSession('a', now)?.lastSeenAt).toEqual(new Date(5_000));
  });

  it('forgets one session, and does not keep it again for a while (a transaction may not have committed)', () => {
    const now = Date.now();
    keepSession(row('a'), now);
    keepSession(row('b'), now);
    forgetSession('a');
    expect(cachedSession('a', now)).toBeUndefined();
    expect(cachedSession('b', now)?.idHash).toBe('b');
    keepSession(row('a'), Date.now());
    expect(cachedSession('a', Date.now())).toBeUndefined();
    // Once the while is over, it is kept again.
    const later = Date.now() + SESSION_CACHE_MS + 1;
    keepSession(row('a'), later);
    expect(cachedSession('a', later)?.idHash).toBe('a');
  });

  it("forgets every session of a user (role or status changed), and not another user's", () => {
    const now = Date.now();
    keepSession(row('a', 7), now);
    keepSession(row('b', 7), now);
    keepSession(row('c', 8), now);
    forgetUserSessions(7);
    expect(cachedSession('a', now)).toBeUndefined();
    expect(cachedSession('b', now)).toBeUndefined();
    expect(cachedSession('c', now)?.userId).toBe(8);
    keepSession(row('d', 7), Date.now());
    expect(cachedSession('d', Date.now())).toBeUndefined();
  });
});
