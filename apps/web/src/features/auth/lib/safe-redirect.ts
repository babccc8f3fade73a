/**
 * Where a successful sign-in goes: the `origin` the guard passed along (000 §2.1), but only a path on
 * this site. Anything else ('//evil.example', 'https://…', '/\\evil', the login page itself) goes home.
 */
export function safeRedirectPath(origin: string | null, here: Location = window.location): string {
  if (!origin || !origin.startsWith('/') || origin.startsWith('//') || origin.startsWith('/\\')) return '/';
  let url: URL;
  try {
    url = new URL(origin, here.origin);
  } catch {
    return '/';
  }
  if (url.origin !== here.origin || url.pathname === '/login') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
