/**
 * The user details inputs (e-mail, names, time zone, telephone trio, mobile pair), bound to a
 * react-hook-form control of userDetailsForm. Shared by every screen that edits user details.
 */
import { useMemo } from 'react';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EMAIL_MAX, NAME_MAX, type RegistrationInfo } from '@wayguard/contracts';
import { Controller, type Control } from 'react-hook-form';
import { PhoneFields } from '../PhoneFields';
import type { UserDetailsFormInput, UserDetailsFormValues } from './user-details-form';

type Props = {
  control: Control<UserDetailsFormInput, unknown, UserDetailsFormValues>;
  timeZones: RegistrationInfo['time_zones'];
  countryCodes: RegistrationInfo['country_codes'];
};

export function UserDetailsFields({ control, timeZones, countryCodes }: Props) {
  const zoneOptions = useMemo(() => timeZones.map((z) => ({ value: z.name, label: z.display_name })), [timeZones]);

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
      <PhoneFields
        control={control}
        legend="Telephone"
        names={{
          countryCode: 'telephone.country_code_id',
          areaCode: 'telephone.area_code',
          number: 'telephone.number',
        }}
        labels={{ countryCode: 'Telephone country code', number: 'Telephone number' }}
        countryCodes={countryCodes}
      />
      <PhoneFields
        control={control}
        legend="Mobile"
        names={{ countryCode: 'mobile.country_code_id', number: 'mobile.number' }}
        labels={{ countryCode: 'Mobile country code', number: 'Mobile number' }}
        countryCodes={countryCodes}
      />
    </Stack>
  );
}
