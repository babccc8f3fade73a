/**
 * A console user of the account, chosen by typing part of the name (issue 25: the user an enrolment
 * token is made for; the user a mobile is linked to). Searches GET /users as the user types and offers
 * the console users found (not server or local users); null: none. Options are named by the one naming
 * rule (contracts personName), with the username beside the name so two people of one name stay apart;
 * the server's search already matched name or username, so the options are not filtered again here.
 */
import { useState } from 'react';
import { Group, Select, Text, type OptionsFilter } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CONSOLE_USER_TYPES, personName, type UsersListResponse } from '@wayguard/contracts';
import { api } from '../lib/api-client';

const CONSOLE: readonly string[] = CONSOLE_USER_TYPES;
/** GET /users has searched already (by name and username): every option it found is offered. */
const offerAll: OptionsFilter = ({ options }) => options;

type Props = {
  label: string;
  description?: string;
  value: number | null;
  /** The chosen user's name, shown before the search has run. */
  valueName?: string | null;
  onChange: (id: number | null) => void;
  disabled?: boolean;
  error?: string | undefined;
};

export function ConsoleUserSelect({ label, description, value, valueName, onChange, disabled, error }: Props) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({
    queryKey: ['users', 'console-user-select', query],
    queryFn: ({ signal }) =>
      api.get<UsersListResponse>(
        '/users',
        { page: '1', count: '25', sort_by: 'username', ...(query ? { query } : {}) },
        { signal, quiet: true },
      ),
  });
  const people = (found.data?.users ?? []).filter((u) => CONSOLE.includes(u.type.type));
  const usernames = new Map(people.map((u) => [String(u.id), u.username]));
  const options = people.map((u) => ({ value: String(u.id), label: personName(u) }));
  if (value !== null && !options.some((o) => o.value === String(value)))
    options.unshift({ value: String(value), label: valueName ?? `User ${value}` });
  return (
    <Select
      label={label}
      description={description}
      placeholder="Nobody"
      searchable
      clearable
      data={options}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : Number(v))}
      searchValue={search}
      onSearchChange={setSearch}
      filter={offerAll}
      renderOption={({ option }) => {
        const username = usernames.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap">
            <span>{option.label}</span>
            {username && username !== option.label && (
              <Text span size="sm" c="dimmed">
                {username}
              </Text>
            )}
          </Group>
        );
      }}
      nothingFoundMessage={found.isFetching ? 'Searching…' : 'No console user found'}
      disabled={disabled}
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
