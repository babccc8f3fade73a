import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, CSRF_HEADER, PROVIDER_BASE } from '@wayguard/contracts';
import { api, ApiError, navigation, providerApi, providerCsrf, providerSessionHint } from '../api-client';
import { sessionMarker } from '../session-marker';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The browser's storages, in memory (the web tests run in Node). */
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
  vi.stubGlobal('sessionStorage', memoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('providerApi (the review team API)', () => {
  it('calls PROVIDER_BASE with the team session’s CSRF token, never the console’s', async () => {
    sessionMarker.start('console-token');
    providerCsrf.set('team-token');
    const fetch = answer(200, { success: true });
    vi.stubGlobal('fetch', fetch);
    await providerApi.post('/decide', { id: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`${PROVIDER_BASE}/decide`);
    expect((init.headers as Record<string, string>)[CSRF_HEADER]).toBe('team-token');
    await api.post('/logout');
    const [consoleUrl, consoleInit] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(consoleUrl).toBe(`${API_BASE}/logout`);
    expect((consoleInit.headers as Record<string, string>)[CSRF_HEADER]).toBe('console-token');
  });

  it('a 401 goes to the team’s sign-in (not the console’s reload) and forgets only the team token', async () => {
    sessionMarker.start('console-token');
    providerCsrf.set('team-token');
    providerSessionHint.set();
    vi.stubGlobal('fetch', answer(401, { error: 'Please sign in as a member of the review team.' }));
    const login = vi.spyOn(navigation, 'providerLogin').mockImplementation(() => undefined);
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    await expect(providerApi.get('/queue')).rejects.toBeInstanceOf(ApiError);
    expect(login).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    expect(providerCsrf.get()).toBeNull();
    // The next visit goes to the sign-in page without asking (no failing request, issue 26).
    expect(providerSessionHint.isSet()).toBe(false);
    expect(sessionMarker.csrf()).toBe('console-token');
  });

  it('a 409 carries the server’s text and goes nowhere', async () => {
    vi.stubGlobal('fetch', answer(409, { error: 'This request was decided meanwhile' }));
    const home = vi.spyOn(navigation, 'home').mockImplementation(() => undefined);
    await expect(providerApi.post('/decide', {}, { quiet: true })).rejects.toMatchObject({
      status: 409,
      message: 'This request was decided meanwhile',
    });
    expect(home).not.toHaveBeenCalled();
  });
});

describe('api (the console API): a 401', () => {
  it('forgets the session marker and reloads the page, which then shows the sign-in', async () => {
    vi.stubGlobal('fetch', answer(401, { success: false }));
    sessionMarker.start('token');
    vi.spyOn(navigation, 'atLogin').mockReturnValue(false);
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    await expect(api.get('/registration_info')).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionMarker.isSet()).toBe(false);
  });

  it('does not reload the sign-in page (a late answer to a call of the page left at sign-out)', async () => {
    vi.stubGlobal('fetch', answer(401, { success: false }));
    vi.spyOn(navigation, 'atLogin').mockReturnValue(true);
    const reload = vi.spyOn(navigation, 'reload').mockImplementation(() => undefined);
    await expect(api.get('/stats')).rejects.toBeInstanceOf(ApiError);
    expect(reload).not.toHaveBeenCalled();
  });
});
