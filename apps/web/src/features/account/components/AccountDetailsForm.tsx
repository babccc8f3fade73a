/**
 * The Account Details form (000 §2.6, §5): the account's five lines (required where the account
 * flags it: '{label} is required', the line highlighted) and the telephone trio, all three parts or
 * none. Validated as the user types; Save is disabled when nothing changed, while saving and when
 * invalid. A successful save refetches the account, toasts 'Account was updated' and leaves edit mode.
 */
import { useEffect, useMemo } from 'react';
import { TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { MSG, type AccountResponse, type RegistrationInfo, type UpdateAccountRequest } from '@wayguard/contracts';
import { Controller, useForm } from 'react-hook-form';
import { EditForm } from '../../../components/EditForm';
import { PhoneFields } from '../../../components/PhoneFields';
import { useAction } from '../../../lib/use-action';
import { updateAccountAction } from '../api/update-account';
import {
  ADDRESS_FIELDS,
  accountDetailsSchema,
  accountDetailsValues,
  addressLines,
  type AccountDetailsInput,
} from '../lib/account-details-form';

type Props = {
  account: AccountResponse;
  countryCodes: RegistrationInfo['country_codes'];
  onDone: () => void;
};

export function AccountDetailsForm({ account, countryCodes, onDone }: Props) {
  const lines = addressLines(account.address);
  const schema = useMemo(() => accountDetailsSchema(addressLines(account.address)), [account.address]);
  const save = useAction({ ...updateAccountAction, success: MSG.accountUpdated });
  const form = useForm<AccountDetailsInput, unknown, UpdateAccountRequest>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: accountDetailsValues(account),
  });
  const { isDirty, isValid, isSubmitting } = form.formState;
  // A stored account may already miss a required line: once the user changes anything, every line is
  // checked, so that a disabled Save is explained. Never on open: no message before any input (issue 26).
  useEffect(() => {
    if (isDirty) void form.trigger();
  }, [isDirty, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if ((await save.run(values, { form })).ok) onDone();
  });

  return (
    <EditForm
      label="Account details"
      onSubmit={onSubmit}
      onCancel={onDone}
      canSave={isDirty && isValid}
      saving={isSubmitting || save.pending}
    >
      {ADDRESS_FIELDS.map((name, i) => {
        const line = lines[i];
        if (!line) return null;
        return (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={line.label}
                required={line.required}
                autoComplete={`address-line${Math.min(i + 1, 3)}`}
                autoFocus={i === 0}
                error={fieldState.error?.message}
              />
            )}
          />
        );
      })}
      <PhoneFields
        control={form.control}
        legend="Telephone"
        names={{ countryCode: 'countryCodePhone', areaCode: 'areaCodePhone', number: 'numberPhone' }}
        labels={{ countryCode: 'Country code', number: 'Telephone number' }}
        countryCodes={countryCodes}
      />
    </EditForm>
  );
}
