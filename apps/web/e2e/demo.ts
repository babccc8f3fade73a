/**
 * The seeded demo users the browser tests sign in as (issue 27: one demo sign-in fixture per layer).
 * Names and passwords are read from the server's seed (apps/server/src/seed/demo-users.ts), never typed
 * again; the provider's review team likewise (seed/demo-provider-team.ts: data only, without the module
 * that seeds it).
 */
import { fillerUsers, NORTHFIELD_USERS, RIVERSIDE_USERS, DEMO_TOTP_SECRET } from '../../server/src/seed/demo-users';
import { DEMO_PROVIDER_STAFF, DEMO_PROVIDER_TEAMMATE } from '../../server/src/seed/demo-provider-team';
import type { Credentials } from './sessions';

type DemoSignIn = Credentials & { fullName: string };

function named(username: string): DemoSignIn {
  const u = [...NORTHFIELD_USERS, ...RIVERSIDE_USERS].find((x) => x.username === username);
  if (!u?.password) throw new Error(`no demo user ${username} with a password`);
  return { username: u.username, password: u.password, fullName: `${u.first} ${u.last}` };
}

/** The named demo users with a password (README's demo table). */
export const DEMO = {
  admin: named('admin'),
  reviewer: named('reviewer'),
  teacher: named('teacher'),
  mfaadmin: { ...named('mfaadmin'), totpSecret: DEMO_TOTP_SECRET },
  mfasetup: named('mfasetup'),
  expired: named('expired'),
  family: named('family'),
  parent: named('riverside-parent'),
} as const;

/** The password every generated Northfield staff user shares (seed/demo-users.ts fillerUsers). */
export const STAFF_PASSWORD = (() => {
  const u = fillerUsers().find((x) => x.password !== null);
  if (!u?.password) throw new Error('no demo staff user with a password');
  return u.password;
})();

/** A generated staff user of Northfield ('katie.adams11'), signed in with the staff password. */
export function staff<U extends string>(username: U): { username: U; password: string } {
  return { username, password: STAFF_PASSWORD };
}

export type TeamMember = { username: string; password: string; fullName: string; totpSecret: string };

/** The provider's demo review team members who sign in (README's demo table). */
export const DEMO_PROVIDER = {
  provider: DEMO_PROVIDER_STAFF,
  teammate: DEMO_PROVIDER_TEAMMATE,
} as const satisfies Record<string, TeamMember>;
