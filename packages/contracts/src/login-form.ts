/**
 * The login page's first step (000 §2.4, §5: username and password required) as a plain check, for
 * the page whose bundle must stay small (tools/bench/login-bundle.mjs): it cannot afford zod.
 * loginForm in auth.ts applies this same check, so the schema and the page cannot disagree.
 */
import { CORE_MSG } from './messages-core.js';

export type LoginFormValues = { username: string; password: string };
export type LoginFormErrors = Partial<Record<keyof LoginFormValues, string>>;

/** The message of each field that breaks a rule; an empty object when the form may be sent. */
export function loginFormErrors(v: LoginFormValues): LoginFormErrors {
  const errors: LoginFormErrors = {};
  if (v.username.trim() === '') errors.username = CORE_MSG.usernameRequired;
  if (v.password === '') errors.password = CORE_MSG.passwordRequired;
  return errors;
}
