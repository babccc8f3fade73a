/**
 * The one way the web app talks to the API (000 §7, §8): credentials on every call, the CSRF header on
 * every mutating call, and the catalogue's handling of statuses:
 * 401 clears the session marker and reloads; 403 goes home; 400/404/500 show the catalogue's toasts.
 * Components never call fetch; feature `api/` hooks call `api.get/post`.
 *
 * `providerApi` is the same for the provider's review team API (PROVIDER_BASE, issue 11), with its own
 * CSRF token (kept for the tab in session storage) and its own sign-in page: a 401 there goes to
 * /provider/login, never to the console's, and a 403 stays on the page with the server's text.
 */
import {
  API_BASE,
  CSRF_HEADER,
  CORE_MSG,
  PROVIDER_BASE,
  REQUEST_ERROR_TEXTS,
  requestErrorText,
  type RequestErrorCode,
} from '@wayguard/contracts';
import { sessionMarker } from './session-marker';
import { toast } from './toast';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

type Options = {
  /** Don't show the catalogue's toast (the caller shows the message inline). */
  quiet?: boolean;
  /** Don't apply the 401/403 navigation (public pages). */
  noRedirect?: boolean;
  signal?: AbortSignal;
};

/** Where 401 and 403 go. Replaced in tests. */
export const navigation = {
  reload: () => window.location.reload(),
  atLogin: () => window.location.pathname === '/login',
  home: () => window.location.assign('/'),
  providerLogin: () => window.location.assign('/provider/login'),
};

const PROVIDER_CSRF_KEY = 'wg.provider.csrf';
/** The review team session's CSRF token (from its sign-in or GET /session), for this tab. */
export const providerCsrf = {
  get: (): string | null => sessionStorage.getItem(PROVIDER_CSRF_KEY),
  set: (token: string): void => sessionStorage.setItem(PROVIDER_CSRF_KEY, token),
  clear: (): void => sessionStorage.removeItem(PROVIDER_CSRF_KEY),
};

const PROVIDER_HINT_KEY = 'wg.provider.signedIn';
/**
 * Whether this browser signed in to the review team and has neither signed out nor met a 401 since
 * (local storage: every tab). Not a credential, only a hint, as the console's session marker is: the
 * team's pages go straight to /provider/login without it, so a signed-out visit makes no failing
 * request (issue 26: /provider logged a 401 on every signed-out visit).
 */
export const providerSessionHint = {
  isSet: (): boolean => localStorage.getItem(PROVIDER_HINT_KEY) === '1',
  set: (): void => localStorage.setItem(PROVIDER_HINT_KEY, '1'),
  clear: (): void => localStorage.removeItem(PROVIDER_HINT_KEY),
};

/** Where a call goes and how its session's answers are handled. */
type Target = {
  base: string;
  csrf: () => string | null;
  unauthorized: () => void;
  /** Where a 403 goes; none: the server's text as a toast. */
  forbidden?: () => void;
  /** 404's text: the catalogue's (console) or the server's (provider). */
  notFoundText: (parsed: unknown) => string;
};

/** A console call answered 401: the marker goes and the page reloads (the gate then shows the sign-in). */
export function consoleUnauthorized(): void {
  sessionMarker.clear();
  // A late answer to a call of the page left at sign-out: the sign-in page is where a reload would lead.
  if (!navigation.atLogin()) navigation.reload();
}

const CONSOLE: Target = {
  base: API_BASE,
  csrf: () => sessionMarker.csrf(),
  unauthorized: consoleUnauthorized,
  forbidden: () => navigation.home(),
  notFoundText: () => CORE_MSG.notFound,
};

const PROVIDER: Target = {
  base: PROVIDER_BASE,
  csrf: () => providerCsrf.get(),
  unauthorized: () => {
    providerCsrf.clear();
    providerSessionHint.clear();
    navigation.providerLogin();
  },
  notFoundText: (parsed) => serverMessage(parsed) ?? CORE_MSG.notFound,
};

/** An `error` that is a code ('AC058', 'WA012'), not a sentence: never shown as it is. */
const ERROR_CODE = /^[A-Z]{2,}\d{2,}$/;

/**
 * The text of an answer: its `error_message`, else its `error`, else its `message`. An `error` that
 * is a code is shown as its sentence: the answer's `message`, else the catalogue's 'request(s) <text>
 * [code]' for an AC code (001 §8), so a refusal never reads as a bare 'AC058'.
 */
function serverMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const b = body as { error_message?: unknown; error?: unknown; message?: unknown };
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  const error = text(b.error);
  if (error !== undefined && ERROR_CODE.test(error))
    return text(b.error_message) ?? text(b.message) ?? (isRequestErrorCode(error) ? requestErrorText(error) : error);
  return text(b.error_message) ?? error ?? text(b.message);
}

function isRequestErrorCode(code: string): code is RequestErrorCode {
  return Object.hasOwn(REQUEST_ERROR_TEXTS, code);
}

/**
 * A failed call's toast. The review team's: the server's text, else the status's. The console's: 000 §8's
 * text for the status, except a list load (any GET; 001 §8 "a list load error is an error toast with the
 * extracted server message") answered 4xx, which shows the server's text when the answer carries one;
 * 404 and 5xx keep 000 §8's explicit rows (docs/decisions/web-console.md
 * "Error toasts of list loads, network failures (issue 26)").
 */
function failureToast(target: Target, method: string, status: number, parsed: unknown): string {
  const catalogue = method !== 'GET' || status === 404 || status >= 500;
  if (target === CONSOLE && catalogue) return statusMessage(status);
  return serverMessage(parsed) ?? statusMessage(status);
}

/**
 * A call that got no answer (network down, server gone mid-request): the message the browser gives
 * (000 §8 "network errors show the parsed message"), else the catalogue's default fallback. The API
 * client and uploads (lib/upload.ts) both use it.
 */
export function networkErrorMessage(error?: unknown): string {
  return error instanceof Error && error.message ? error.message : CORE_MSG.lastActionFailed;
}

/** The catalogue's text for a status (000 §8). */
export function statusMessage(status: number): string {
  if (status >= 500) return CORE_MSG.somethingWrong;
  return CORE_MSG.lastActionFailed;
}

async function request<T>(target: Target, method: string, path: string, body: unknown, opts: Options = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = target.csrf() ?? 'anonymous';
  let res: Response;
  try {
    res = await fetch(`${target.base}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      signal: opts.signal,
    });
  } catch (e) {
    const message = networkErrorMessage(e);
    if (!opts.quiet) toast.error(message);
    throw new ApiError(0, message, null);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  if (res.ok) return parsed as T;

  if (res.status === 401 && !opts.noRedirect) {
    target.unauthorized();
  } else if (res.status === 403 && !opts.noRedirect && target.forbidden) {
    target.forbidden();
  } else if (!opts.quiet) {
    toast.error(failureToast(target, method, res.status, parsed));
  }
  const message =
    res.status === 404 ? target.notFoundText(parsed) : (serverMessage(parsed) ?? statusMessage(res.status));
  throw new ApiError(res.status, message, parsed);
}

function client(target: Target) {
  return {
    get: <T>(path: string, params?: Record<string, string | number | boolean | undefined | null>, opts?: Options) => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(params ?? {}))
        if (v !== undefined && v !== null && v !== '') qs.set(k, String(v));
      const q = qs.toString();
      return request<T>(target, 'GET', q ? `${path}?${q}` : path, undefined, opts);
    },
    post: <T>(path: string, body?: unknown, opts?: Options) => request<T>(target, 'POST', path, body ?? {}, opts),
    put: <T>(path: string, body?: unknown, opts?: Options) => request<T>(target, 'PUT', path, body ?? {}, opts),
    delete: <T>(path: string, body?: unknown, opts?: Options) => request<T>(target, 'DELETE', path, body, opts),
  };
}

/** The console API (API_BASE). */
export const api = client(CONSOLE);
/** The provider's review team API (PROVIDER_BASE): its own CSRF token and sign-in page. */
export const providerApi = client(PROVIDER);

export { serverMessage };
