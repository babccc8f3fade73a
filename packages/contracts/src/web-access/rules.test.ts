import { describe, expect, it } from 'vitest';
import { WEB_ACCESS_MSG } from './messages.js';
import { sameScope, sameSubject, scopeKey, webAccessRule, websitePatternInput } from './rules.js';
import { weeklySchedule, windowCovers } from './schedule.js';

const rule = (over: Record<string, unknown>) => ({
  id: 1,
  scope: { kind: 'account' },
  subject: { kind: 'website', id: 5, pattern: 'example.com', match: 'ends_with' },
  action: 'ALLOW',
  source: { kind: 'admin' },
  created_by: 'jane.smith',
  ...over,
});
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('website input', () => {
  it('normalises the pattern', () => {
    expect(websitePatternInput.parse({ pattern: ' *.BÜCHER.example ', match: 'ends_with' })).toEqual({
      pattern: 'xn--bcher-kva.example',
      match: 'ends_with',
    });
  });

  it('refuses an unknown match mode, an empty pattern and a path after "ends with"', () => {
    expect(messages(websitePatternInput.safeParse({ pattern: 'a.com', match: 'regex' }))).toEqual([
      WEB_ACCESS_MSG.matchModeUnknown,
    ]);
    expect(messages(websitePatternInput.safeParse({ pattern: ' https:// ', match: 'exact' }))).toEqual([
      WEB_ACCESS_MSG.patternInvalid,
    ]);
    expect(messages(websitePatternInput.safeParse({ pattern: 'a.com/x', match: 'ends_with' }))).toEqual([
      WEB_ACCESS_MSG.endsWithPath,
    ]);
  });
});

describe('a rule', () => {
  it('accepts a scheduled, expiring rule from a request', () => {
    const r = rule({
      scope: { kind: 'user', user_kind: 'server', id: 4, name: 'katie.adams11' },
      schedule: { windows: [{ day: 6, from_minute: 1320, to_minute: 420 }] },
      expires_at: '2026-05-01T12:00:00Z',
      source: { kind: 'request', request_id: 77 },
    });
    expect(webAccessRule.safeParse(r).success).toBe(true);
  });

  it('cannot allow a locked category, but may block it', () => {
    const allow = webAccessRule.safeParse(rule({ subject: { kind: 'category', id: 1 } }));
    expect(messages(allow)).toEqual([WEB_ACCESS_MSG.lockedCategory('Malware')]);
    expect(messages(allow)[0]).toBe('Malware is always blocked by the provider and cannot be allowed');
    expect(webAccessRule.safeParse(rule({ subject: { kind: 'category', id: 1 }, action: 'BLOCK' })).success).toBe(true);
  });

  it('refuses an unknown category, a pattern not in stored form, INHERIT and a request without its id', () => {
    expect(messages(webAccessRule.safeParse(rule({ subject: { kind: 'category', id: 4242 } })))).toEqual([
      WEB_ACCESS_MSG.categoryUnknown,
    ]);
    const raw = { kind: 'website', id: 5, pattern: 'WWW.Example.com', match: 'exact' };
    expect(messages(webAccessRule.safeParse(rule({ subject: raw })))).toEqual([WEB_ACCESS_MSG.patternInvalid]);
    expect(webAccessRule.safeParse(rule({ action: 'INHERIT' })).success).toBe(false);
    expect(messages(webAccessRule.safeParse(rule({ source: { kind: 'request' } })))).toEqual([
      WEB_ACCESS_MSG.requestIdRequired,
    ]);
  });

  it('identifies scopes and subjects by kind and id, not by name', () => {
    expect(scopeKey({ kind: 'user', user_kind: 'local', id: 3 })).toBe('user:local:3');
    expect(sameScope({ kind: 'device', id: 3, name: 'a' }, { kind: 'device', id: 3, name: 'b' })).toBe(true);
    expect(sameScope({ kind: 'user', user_kind: 'server', id: 3 }, { kind: 'user', user_kind: 'local', id: 3 })).toBe(
      false,
    );
    expect(sameSubject({ kind: 'media', id: 3 }, { kind: 'website_group', id: 3 })).toBe(false);
  });
});

describe('weekly schedule', () => {
  it('refuses an empty schedule and a window that ends when it starts', () => {
    expect(messages(weeklySchedule.safeParse({ windows: [] }))).toEqual([WEB_ACCESS_MSG.scheduleEmpty]);
    expect(messages(weeklySchedule.safeParse({ windows: [{ day: 1, from_minute: 60, to_minute: 60 }] }))).toEqual([
      WEB_ACCESS_MSG.scheduleWindowEmpty,
    ]);
    expect(weeklySchedule.safeParse({ windows: [{ day: 7, from_minute: 0, to_minute: 60 }] }).success).toBe(false);
  });

  it('covers [from, to) of its day, and across midnight into the next day', () => {
    const mon = { day: 1, from_minute: 480, to_minute: 900 };
    expect([479, 480, 899, 900].map((m) => windowCovers(mon, 1, m))).toEqual([false, true, true, false]);
    expect(windowCovers(mon, 2, 600)).toBe(false);
    const satNight = { day: 6, from_minute: 1320, to_minute: 420 };
    expect(windowCovers(satNight, 6, 1319)).toBe(false);
    expect(windowCovers(satNight, 6, 1439)).toBe(true);
    expect(windowCovers(satNight, 0, 0)).toBe(true);
    expect(windowCovers(satNight, 0, 419)).toBe(true);
    expect(windowCovers(satNight, 0, 420)).toBe(false);
    expect(windowCovers(satNight, 5, 100)).toBe(false);
    expect(windowCovers({ day: 3, from_minute: 0, to_minute: 1440 }, 3, 1439)).toBe(true);
  });
});
