/** POST /users/create (000 §4.5, §7.3): a new console user; the lists and the user counts are refetched. */
import type { CreateUserRequest, createUserResponse } from '@wayguard/contracts';
import type { z } from 'zod';
import { registrationInfoKey } from '../../../api/registration-info';
import { api } from '../../../lib/api-client';
import type { ActionDef } from '../../../lib/use-action';
import { usersKeys } from './keys';

export type CreateUserResponse = z.infer<typeof createUserResponse>;

export function postCreateUser(body: CreateUserRequest): Promise<CreateUserResponse> {
  return api.post<CreateUserResponse>('/users/create', body, { quiet: true });
}

export const createUserAction: ActionDef<CreateUserRequest, CreateUserResponse> = {
  send: postCreateUser,
  refresh: (_, outcome) => (outcome.ok ? [usersKeys.lists(), registrationInfoKey] : []),
};
