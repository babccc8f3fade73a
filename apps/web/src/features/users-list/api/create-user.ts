/** POST /users/create (000 §4.5, §7.3): a new console user; the list and the user counts are refetched. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUserRequest, createUserResponse } from '@wayguard/contracts';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { registrationInfoKey } from '../../../lib/api/registration-info';
import { usersListKey } from './users-list';

export type CreateUserResponse = z.infer<typeof createUserResponse>;

export function postCreateUser(body: CreateUserRequest): Promise<CreateUserResponse> {
  return api.post<CreateUserResponse>('/users/create', body, { quiet: true });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postCreateUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersListKey }),
        queryClient.invalidateQueries({ queryKey: registrationInfoKey }),
      ]),
  });
}
