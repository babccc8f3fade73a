/**
 * The country code of a telephone or mobile number (000 §3.3, §3.6): a searchable select over the
 * registration info's country codes, for a react-hook-form Controller whose value is the id as a string
 * ('' for none). Its clear button is a real, labelled button in the tab order (Mantine hides it from
 * assistive technology), large enough for the 24 px target size (WCAG 2.5.8).
 */
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { Ref } from 'react';
import { Select, type ComboboxItem } from '@mantine/core';

type Props = {
  /** The Controller's field, spread: ref, name, value, onChange, onBlur. */
  ref: Ref<HTMLInputElement>;
  name: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  label: string;
  /** Names the clear button, e.g. 'Clear country code'. */
  clearLabel: string;
  data: readonly ComboboxItem[];
  error?: string | undefined;
};

export function CountryCodeSelect({ ref, name, value, onChange, onBlur, label, clearLabel, data, error }: Props) {
  return (
    <Select
      ref={ref}
      name={name}
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      onBlur={onBlur}
      label={label}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': clearLabel, 'aria-hidden': false, tabIndex: 0, size: 'md' }}
      data={data as ComboboxItem[]}
      nothingFoundMessage="No country found"
      error={error}
    />
  );
}
