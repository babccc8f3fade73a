/**
 * A telephone (country code, area code, number) or mobile (country code, number) group of inputs
 * (000 §3.3, §3.6), for any react-hook-form form: the caller names the form's fields and labels.
 * The parts are checked together (each part's change re-validates the others). The country select is
 * searchable over the registration info's country codes, its value the id as a string ('' for none);
 * its clear button is a real, labelled button in the tab order (Mantine hides it from assistive
 * technology), large enough for the 24 px target size (WCAG 2.5.8).
 */
import { useMemo } from 'react';
import { Fieldset, Select, SimpleGrid, TextInput } from '@mantine/core';
import { AREA_CODE_MAX, PHONE_NUMBER_MAX, type RegistrationInfo } from '@wayguard/contracts';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

type Props<F extends FieldValues, O extends FieldValues> = {
  control: Control<F, unknown, O>;
  legend: string;
  /** The form's fields; without `areaCode` the group is a mobile number. */
  names: { countryCode: Path<F>; areaCode?: Path<F>; number: Path<F> };
  labels: { countryCode: string; number: string };
  countryCodes: RegistrationInfo['country_codes'];
};

export function PhoneFields<F extends FieldValues, O extends FieldValues>({
  control,
  legend,
  names,
  labels,
  countryCodes,
}: Props<F, O>) {
  const countryOptions = useMemo(
    () => countryCodes.map((c) => ({ value: String(c.id), label: `${c.country_name} (+${c.digits})` })),
    [countryCodes],
  );
  const all = [names.countryCode, names.areaCode, names.number].filter((n): n is Path<F> => n !== undefined);
  const others = (name: Path<F>) => ({ deps: all.filter((n) => n !== name) });

  return (
    <Fieldset legend={legend} variant="unstyled">
      <SimpleGrid cols={{ base: 1, xs: all.length }} spacing="sm">
        <Controller
          control={control}
          name={names.countryCode}
          rules={others(names.countryCode)}
          render={({ field, fieldState }) => (
            <Select
              ref={field.ref}
              name={field.name}
              value={(field.value as string) || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              label={labels.countryCode}
              searchable
              clearable
              clearButtonProps={{ 'aria-label': 'Clear country code', 'aria-hidden': false, tabIndex: 0, size: 'md' }}
              data={countryOptions}
              nothingFoundMessage="No country found"
              error={fieldState.error?.message}
            />
          )}
        />
        {names.areaCode && (
          <Controller
            control={control}
            name={names.areaCode}
            rules={others(names.areaCode)}
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
        )}
        <Controller
          control={control}
          name={names.number}
          rules={others(names.number)}
          render={({ field, fieldState }) => (
            <TextInput
              {...field}
              label={labels.number}
              type="tel"
              autoComplete={names.areaCode ? 'tel-local' : 'tel'}
              maxLength={PHONE_NUMBER_MAX}
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
