/**
 * The Account Details form (000 §2.6, §5): the account's five lines (required where the account
 * flags it: '{label} is required', the line highlighted) and the telephone trio, all three parts or
 * none. Validated as the user types; Save is disabled when nothing changed, while saving and when
 * invalid. A successful save refetches the account, toasts 'Account was updated' and leaves edit mode.
 */
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import '@mantine/core/styles/Grid.layer.css';
import { useEffect, useMemo } from 'react';
import { Fieldset, Grid, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AREA_CODE_MAX,
  MSG,
  type AccountResponse,
  type RegistrationInfo,
  type UpdateAccountRequest,
} from '@wayguard/contracts';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '../../../lib/toast';
import { useUpdateAccount } from '../api/update-account';
import {
  ADDRESS_FIELDS,
  accountDetailsSchema,
  accountDetailsValues,
  addressLines,
  type AccountDetailsInput,
} from '../lib/account-details-form';
import { toastSaveError } from '../lib/save-error';
import { FormActions } from './FormActions';

type Props = {
  account: AccountResponse;
  countryCodes: RegistrationInfo['country_codes'];
  onDone: () => void;
};

const PHONE_MAX = 20;

export function AccountDetailsForm({ account, countryCodes, onDone }: Props) {
  const lines = addressLines(account.address);
  const schema = useMemo(() => accountDetailsSchema(addressLines(account.address)), [account.address]);
  const countryOptions = useMemo(
    () => countryCodes.map((c) => ({ value: String(c.id), label: `${c.country_name} (+${c.digits})` })),
    [countryCodes],
  );
  const save = useUpdateAccount();
  const form = useForm<AccountDetailsInput, unknown, UpdateAccountRequest>({
    mode: 'onChange',
    resolver: zodResolver(schema),
    defaultValues: accountDetailsValues(account),
  });
  const { isDirty, isValid, isSubmitting } = form.formState;
  // A stored account may already miss a required line: highlight it at once, not only after typing,
  // so that a disabled Save is explained.
  useEffect(() => {
    void form.trigger();
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success(MSG.accountUpdated);
      onDone();
    } catch (e) {
      toastSaveError(e);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Account details">
      <Stack gap="sm">
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
        <Fieldset legend="Telephone" variant="unstyled">
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 5 }}>
              <Controller
                control={form.control}
                name="countryCodePhone"
                rules={{ deps: ['areaCodePhone', 'numberPhone'] }}
                render={({ field, fieldState }) => (
                  <Select
                    ref={field.ref}
                    name={field.name}
                    value={field.value || null}
                    onChange={(v) => field.onChange(v ?? '')}
                    onBlur={field.onBlur}
                    label="Country code"
                    searchable
                    clearable
                    // Mantine hides its clear button from assistive technology and the tab order: make it a real
                    // button, large enough for the 24 px target size (WCAG 2.5.8).
                    clearButtonProps={{
                      'aria-label': 'Clear country code',
                      'aria-hidden': false,
                      tabIndex: 0,
                      size: 'md',
                    }}
                    data={countryOptions}
                    nothingFoundMessage="No country found"
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 5, xs: 3 }}>
              <Controller
                control={form.control}
                name="areaCodePhone"
                rules={{ deps: ['countryCodePhone', 'numberPhone'] }}
                render={({ field, fieldState }) => (
                  <TextInput
                    {...field}
                    label="Area code"
                    inputMode="numeric"
                    maxLength={AREA_CODE_MAX}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 7, xs: 4 }}>
              <Controller
                control={form.control}
                name="numberPhone"
                rules={{ deps: ['countryCodePhone', 'areaCodePhone'] }}
                render={({ field, fieldState }) => (
                  <TextInput
                    {...field}
                    label="Telephone number"
                    type="tel"
                    autoComplete="tel-local"
                    maxLength={PHONE_MAX}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Grid.Col>
          </Grid>
        </Fieldset>
        <FormActions onCancel={onDone} canSave={isDirty && isValid} saving={isSubmitting || save.isPending} />
      </Stack>
    </form>
  );
}
