/** The console session a request carries (plugins/auth.ts), and the one a privilege change replaces. */
import type { Role } from '@wayguard/contracts';

export type SessionUser = {
  sessionIdHash: string;
  csrfToken: string;
  userId: number;
  accountId: number;
  username: string;
  /** The user's name by the one naming rule (contracts personName): full name, else username. */
  name: string;
  type: Role;
};

/** The session a service replaces with a new id (same user and CSRF token) after a privilege-changing step. */
export type SessionRotation = {
  current: SessionUser;
  timeouts: { idleMinutes: number; absoluteHours: number };
  userAgent?: string | undefined;
};
