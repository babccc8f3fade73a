/** Links between the public pages, with their query parameters (000 §2.1, 002 §2.12). */
function withQuery(path: string, params: Record<string, string | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) qs.set(k, v);
  const q = qs.toString();
  return q ? `${path}?${q}` : path;
}

export const authPaths = {
  login: (params: { username?: string | null; email?: string | null } = {}) => withQuery('/login', params),
  resetPassword: (username?: string | null) => withQuery('/reset_password', { username: username?.trim() }),
  support: '/support',
};
