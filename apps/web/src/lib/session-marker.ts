/**
 * The spec's local session marker (32 alphanumeric characters) and the CSRF token, kept in local
 * storage. The marker only says "a session probably exists"; the server-side session (HttpOnly cookie)
 * is the real credential.
 */
import { SESSION_MARKER_LENGTH } from '@wayguard/contracts';

const MARKER_KEY = 'wg.session';
const CSRF_KEY = 'wg.csrf';
const PREVIOUS_LOCATION_KEY = 'wg.previousLocation';
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function newMarker(): string {
  // Rejection sampling keeps every character equally likely (248 = 4 * 62).
  let out = '';
  while (out.length < SESSION_MARKER_LENGTH) {
    for (const b of crypto.getRandomValues(new Uint8Array(SESSION_MARKER_LENGTH))) {
      if (b < 248 && out.length < SESSION_MARKER_LENGTH) out += ALPHANUMERIC[b % 62];
    }
  }
  return out;
}

export const sessionMarker = {
  get: (): string | null => localStorage.getItem(MARKER_KEY),
  isSet: (): boolean => /^[A-Za-z0-9]{32}$/.test(localStorage.getItem(MARKER_KEY) ?? ''),
  start(csrfToken: string): void {
    localStorage.setItem(MARKER_KEY, newMarker());
    localStorage.setItem(CSRF_KEY, csrfToken);
  },
  clear(): void {
    localStorage.removeItem(MARKER_KEY);
    localStorage.removeItem(CSRF_KEY);
  },
  csrf: (): string | null => localStorage.getItem(CSRF_KEY),
};

/** Where a signed-in visitor who opens reset password goes back to (2.12). */
export const previousLocation = {
  get: (): string => localStorage.getItem(PREVIOUS_LOCATION_KEY) ?? '/',
  set: (path: string): void => localStorage.setItem(PREVIOUS_LOCATION_KEY, path),
};
