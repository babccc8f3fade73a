import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_BASE, CSRF_HEADER, PROVIDER_BASE } from '@wayguard/contracts';
import { CORE_MSG } from '@wayguard/contracts';
import {
  api,
  ApiError,
  navigation,
  networkErrorMessage,
  providerApi,
  providerCsrf,
  providerSessionHint,
} from '../api-client';
import { toast } from '../toast';
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

describe('api (the console API): the error toast (001 §8, 000 §8; issue 26)', () => {
  const toasted = () => vi.spyOn(toast, 'error').mockImplementation(() => '');

  it('a list load (GET) shows the server’s message when the answer has one', async () => {
    const error = toasted();
    vi.stubGlobal('fetch', answer(400, { success: false, error_message: 'Invalid sort column' }));
    await expect(api.get('/requests')).rejects.toMatchObject({ status: 400, message: 'Invalid sort column' });
    expect(error).toHaveBeenCalledWith('Invalid sort column');
  });

  it('a list load without a message shows the status’s text; 404 and 5xx keep 000 §8’s', async () => {
    const error = toasted();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 400 })),
    );
    await expect(api.get('/requests')).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenLastCalledWith(CORE_MSG.lastActionFailed);
    vi.stubGlobal('fetch', answer(500, { success: false, error_message: 'Something went wrong' }));
    await expect(api.get('/requests')).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenLastCalledWith(CORE_MSG.somethingWrong);
    vi.stubGlobal('fetch', answer(404, { success: false, error: 'Not found' }));
    await expect(api.get('/users/details')).rejects.toMatchObject({ message: CORE_MSG.notFound });
    expect(error).toHaveBeenLastCalledWith(CORE_MSG.lastActionFailed);
  });

  it('an action (not a GET) keeps the catalogue’s text for its status', async () => {
    const error = toasted();
    vi.stubGlobal('fetch', answer(400, { success: false, error_message: 'Invalid id' }));
    await expect(api.post('/users/update', {})).rejects.toMatchObject({ message: 'Invalid id' });
    expect(error).toHaveBeenCalledWith(CORE_MSG.lastActionFailed);
  });

  it('a network failure shows the browser’s message, else the default fallback', async () => {
    const error = toasted();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api.get('/requests')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
    expect(error).toHaveBeenCalledWith('Failed to fetch');
    expect(networkErrorMessage()).toBe(CORE_MSG.lastActionFailed);
    expect(networkErrorMessage(new Error(''))).toBe(CORE_MSG.lastActionFailed);
  });
});
