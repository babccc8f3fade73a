/**
 * Rules that depend on the subject as well as the role, in one table (route-level role checks are
 * declared on the route and enforced by plugins/auth.ts). A service calls
 * `authorize(actor, action, subject)` where the rule applies; a route that relies on one names it in
 * its config (`subjectRule`), so that the security suites know which roles its sample, acting on
 * another user, must be refused to (test/security/policy.ts).
 */
import { ANY_ROLE, CONSOLE_ADMIN, ROLE_MSG, USER_MSG, type Role } from '@wayguard/contracts';
import { forbidden } from '../../lib/http-errors.js';
import type { Actor } from './actor.js';

type Rule = {
  /** Roles that may do it to themselves, and the text when another role tries. */
  self: readonly Role[];
  selfRefusal: string;
  /** Roles that may do it to another user of their account, and the text when refused. */
  others: readonly Role[];
  othersRefusal: string;
};

export const SUBJECT_RULES = {
  /**
   * POST /users/details: everyone edits themselves; another user only a Console Admin (docs/decisions/users.md
   * "Who may act").
   */
  'user.edit_details': {
    self: ANY_ROLE,
    selfRefusal: ROLE_MSG.consoleAdminOnly,
    others: CONSOLE_ADMIN,
    othersRefusal: ROLE_MSG.consoleAdminOnly,
  },
  /** Status actions (000 §6, 002 §6: not on oneself; one's own password is changed, not reset). */
  'user.change_status': {
    self: [],
    selfRefusal: USER_MSG.selfStatus,
    others: CONSOLE_ADMIN,
    othersRefusal: ROLE_MSG.consoleAdminOnly,
  },
  /** A user's type (000 §6: never one's own). */
  'user.change_type': {
    self: [],
    selfRefusal: USER_MSG.selfType,
    others: CONSOLE_ADMIN,
    othersRefusal: ROLE_MSG.consoleAdminOnly,
  },
  /** Two-factor sign-in (002 §4.5, §5): only on one's own profile, only a Console Admin. */
  'user.set_two_factor': {
    self: CONSOLE_ADMIN,
    selfRefusal: ROLE_MSG.consoleAdminOnly,
    others: [],
    othersRefusal: USER_MSG.mfaOwnOnly,
  },
} as const satisfies Record<string, Rule>;

export type SubjectAction = keyof typeof SUBJECT_RULES;

/** Whether `actor` may do `action` to the user `subjectUserId` (of the actor's account). */
export function isAllowed(actor: Actor, action: SubjectAction, subjectUserId: number): boolean {
  const rule: Rule = SUBJECT_RULES[action];
  const roles = subjectUserId === actor.userId ? rule.self : rule.others;
  return roles.includes(actor.role);
}

/** Throws the rule's 403 unless `actor` may do `action` to the user `subjectUserId`. */
export function authorize(actor: Actor, action: SubjectAction, subjectUserId: number): void {
  if (isAllowed(actor, action, subjectUserId)) return;
  const rule: Rule = SUBJECT_RULES[action];
  throw forbidden(subjectUserId === actor.userId ? rule.selfRefusal : rule.othersRefusal);
}
