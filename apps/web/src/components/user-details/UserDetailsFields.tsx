/**
 * The user details inputs (e-mail, names, time zone, telephone trio, mobile pair), bound to a
 * react-hook-form control of userDetailsForm. Shared by every screen that edits user details.
 */
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Fieldset.layer.css';
import { useMemo } from 'react';
import { Fieldset, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { AREA_CODE_MAX, EMAIL_MAX, NAME_MAX, type RegistrationInfo } from '@wayguard/contracts';
import { Controller, type Control } from 'react-hook-form';
import type { UserDetailsFormInput, UserDetailsFormValues } from './user-details-form';

type Props = {
  control: Control<UserDetailsFormInput, unknown, UserDetailsFormValues>;
  timeZones: RegistrationInfo['time_zones'];
  countryCodes: RegistrationInfo['country_codes'];
};

const PHONE_MAX = 20;

export function UserDetailsFields({ control, timeZones, countryCodes }: Props) {
  const zoneOptions = useMemo(() => timeZones.map((z) => ({ value: z.name, label: z.display_name })), [timeZones]);
  const countryOptions = useMemo(
    () => countryCodes.map((c) => ({ value: String(c.id), label: `${c.country_name} (+${c.digits})` })),
    [countryCodes],
  );

  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="email_address"
        render={({ field, fieldState }) => (
          <TextInput
            {...field}
            label="Email address"
            type="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            error={fieldState.error?.message}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Controller
          control={control}
          name="first_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="First name"
              autoComplete="given-name"
              required
              maxLength={NAME_MAX}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="last_name"
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label="Last name"
              autoComplete="family-name"
              required
              maxLength={NAME_MAX}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Controller
        control={control}
        name="time_zone"
        render={({ field, fieldState }) => (
          <Select
            ref={field.ref}
            name={field.name}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            label="Time zone"
            required
            searchable
            data={zoneOptions}
            nothingFoundMessage="No time zone found"
            error={fieldState.error?.message}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      />
      <Fieldset legend="Telephone" variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Controller
            control={control}
            name="telephone.country_code_id"
            rules={{ deps: ['telephone.area_code', 'telephone.number'] }}
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                name={field.name}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                label="Telephone country code"
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear country code' }}
                data={countryOptions}
                nothingFoundMessage="No country found"
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="telephone.area_code"
            rules={{ deps: ['telephone.country_code_id', 'telephone.number'] }}
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
          <Controller
            control={control}
            name="telephone.number"
            rules={{ deps: ['telephone.country_code_id', 'telephone.area_code'] }}
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
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Mobile" variant="unstyled">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={control}
            name="mobile.country_code_id"
            rules={{ deps: ['mobile.number'] }}
            render={({ field, fieldState }) => (
              <Select
                ref={field.ref}
                name={field.name}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                label="Mobile country code"
                searchable
                clearable
                clearButtonProps={{ 'aria-label': 'Clear country code' }}
                data={countryOptions}
                nothingFoundMessage="No country found"
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="mobile.number"
            rules={{ deps: ['mobile.country_code_id'] }}
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label="Mobile number"
                type="tel"
                autoComplete="tel"
                maxLength={PHONE_MAX}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
      </Fieldset>
    </Stack>
  );
}
