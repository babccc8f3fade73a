/**
 * The Create User form (000 §4.5, §5): the shared user details fields plus the username (5-32) and
 * the type. Telephone and mobile are sent only when complete (the details form's output is null
 * otherwise, and the key is then left out); the type goes as options.type_id.
 */
import { z } from 'zod';
import {
  CONSOLE_USER_TYPES,
  USER_TYPES,
  usernameField,
  type ConsoleUserTypeId,
  type CreateUserRequest,
} from '@wayguard/contracts';
import { emptyUserDetails, userDetailsForm } from '../../../components/user-details/user-details-form';

/** The type ids as the tiles' radio values (strings), from the contracts' types. */
type TypeIdValue = `${ConsoleUserTypeId}`;
const TYPE_IDS = CONSOLE_USER_TYPES.map((t) => `${USER_TYPES[t].id}` as TypeIdValue) as [TypeIdValue, ...TypeIdValue[]];

export const createUserForm = userDetailsForm.extend({
  username: usernameField,
  type_id: z.enum(TYPE_IDS),
});

export type CreateUserFormInput = z.input<typeof createUserForm>;
export type CreateUserFormValues = z.output<typeof createUserForm>;

export function emptyCreateUser(timeZone: string): CreateUserFormInput {
  return { ...emptyUserDetails, time_zone: timeZone, username: '', type_id: '0' };
}

export function toCreateUserRequest(v: CreateUserFormValues): CreateUserRequest {
  const { type_id, telephone, mobile, ...rest } = v;
  return {
    ...rest,
    ...(telephone ? { telephone } : {}),
    ...(mobile ? { mobile } : {}),
    options: { type_id: Number(type_id) as ConsoleUserTypeId },
  };
}
