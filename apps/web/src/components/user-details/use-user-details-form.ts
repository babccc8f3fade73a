/** The form of a user's details (userDetailsForm, zod-checked), as the gate and the user page edit them. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormProps } from 'react-hook-form';
import { userDetailsForm, type UserDetailsFormInput, type UserDetailsFormValues } from './user-details-form';

export function useUserDetailsForm(
  mode: UseFormProps['mode'],
  defaultValues: UseFormProps<UserDetailsFormInput>['defaultValues'],
) {
  return useForm<UserDetailsFormInput, unknown, UserDetailsFormValues>({
    mode,
    resolver: zodResolver(userDetailsForm),
    defaultValues,
  });
}
