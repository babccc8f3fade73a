import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, navigation } from '../api-client';
import { sessionMarker } from '../session-marker';

/** The browser's local storage, in memory (the web tests run in Node). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ success: false }), { status: 401 })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api (the console API): a 401', () => {
  it('forgets the session marker and reloads the page, which then shows the sign-in', async () => {
    sessionMarker.start('token');
    vi.spyOn(navigation, 'atLogin').mockReturnValue(false);
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    await expect(api.get('/registration_info')).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionMarker.isSet()).toBe(false);
  });

  it('does not reload the sign-in page (a late answer to a call of the page left at sign-out)', async () => {
    vi.spyOn(navigation, 'atLogin').mockReturnValue(true);
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    await expect(api.get('/stats')).rejects.toBeInstanceOf(ApiError);
    expect(reload).not.toHaveBeenCalled();
  });
});
