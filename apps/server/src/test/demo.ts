/**
 * The seeded demo users, for tests that sign in as one (issue 27: one demo sign-in fixture per layer).
 * Read from the seed (seed/demo-users.ts), never typed again: a test names the
 * user, `signInAs` finds the password.
 */
import type { FastifyInstance } from 'fastify';
import { fillerUsers, NORTHFIELD_USERS, RIVERSIDE_USERS, type DemoUser } from '../seed/demo-users.js';
import { login, nextIp, type Session, type TestApp } from './harness.js';

/** A named demo user who can sign in (a password is set). */
export type DemoSignIn = { username: string; password: string; first: string; last: string; email: string };

const NAMED = [...NORTHFIELD_USERS, ...RIVERSIDE_USERS];

function withPassword(u: DemoUser): DemoSignIn {
  if (u.password === null) throw new Error(`the demo user ${u.username} has no password`);
  return { username: u.username, password: u.password, first: u.first, last: u.last, email: u.email };
}

function named(username: string): DemoSignIn {
  const u = NAMED.find((x) => x.username === username);
  if (!u) throw new Error(`no demo user ${username}`);
  return withPassword(u);
}

/** The named demo users with a password (README's demo table), by the name tests use. */
export const DEMO_USERS = {
  admin: named('admin'),
  reviewer: named('reviewer'),
  teacher: named('teacher'),
  mfaadmin: named('mfaadmin'),
  mfasetup: named('mfasetup'),
  expired: named('expired'),
  resetuser: named('resetuser'),
  formerstaff: named('formerstaff'),
  family: named('family'),
  parent: named('riverside-parent'),
} as const;

export type DemoName = keyof typeof DEMO_USERS;

/** The password every generated Northfield staff user shares (seed/demo-users.ts fillerUsers). */
export const FILLER_PASSWORD = (() => {
  const u = fillerUsers().find((x) => x.password !== null);
  if (!u?.password) throw new Error('no demo staff user with a password');
  return u.password;
})();

/** The password of any seeded user: a named one (by its DEMO_USERS name or username) or a generated staff user. */
export function demoPassword(who: DemoName | string): string {
  if (who in DEMO_USERS) return DEMO_USERS[who as DemoName].password;
  const u = [...NAMED, ...fillerUsers()].find((x) => x.username === who);
  if (!u) throw new Error(`no demo user ${who}`);
  return withPassword(u).password;
}

function usernameOf(who: DemoName | string): string {
  return who in DEMO_USERS ? DEMO_USERS[who as DemoName].username : who;
}

/**
 * Signs a seeded user in (harness.ts `login`) with the seed's password: `who` is a DEMO_USERS name
 * ('admin', 'family', …) or the username of a generated staff user ('katie.adams11').
 */
export function signInAs(
  t: Pick<TestApp, 'app'> | FastifyInstance,
  who: DemoName | (string & {}),
  extra: Record<string, unknown> = {},
  ip = nextIp(),
): Promise<Session> {
  const app = 'inject' in t ? t : t.app;
  return login(app, usernameOf(who), demoPassword(who), extra, ip);
}
