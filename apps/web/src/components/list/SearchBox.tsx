/**
 * A list's search box: the search runs on Enter or the search button, never while typing (000 §2.7,
 * 001 §9). Clearing the box with its clear button searches for everything again (the list state
 * ignores a search that changes nothing).
 */
import { useState, type FormEvent } from 'react';
import { ActionIcon, CloseButton, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type Props = {
  /** The search in effect (from the list's state). */
  value: string;
  onSearch: (query: string) => void;
  placeholder: string;
  /** Accessible name of the box; the placeholder is not a label. */
  label: string;
  maxLength?: number;
};

export function SearchBox({ value, onSearch, placeholder, label, maxLength = 100 }: Props) {
  const [draft, setDraft] = useState(value);
  // Follow the search in effect when it changes from outside (back/forward, a link).
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit} aria-label={label}>
      <Group gap={0} wrap="nowrap">
        <TextInput
          enterKeyHint="search"
          aria-label={label}
          placeholder={placeholder}
          value={draft}
          maxLength={maxLength}
          onChange={(e) => setDraft(e.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={
            draft ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onClick={() => {
                  setDraft('');
                  // Always: `value` may not show yet a search made a moment ago; the list ignores a no-op.
                  onSearch('');
                }}
              />
            ) : null
          }
          styles={{ input: { borderTopRightRadius: 0, borderBottomRightRadius: 0 } }}
          w={{ base: '100%', xs: 280 }}
        />
        <ActionIcon
          type="submit"
          variant="filled"
          size={36}
          aria-label="Search"
          style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0 }}
        >
          <IconSearch size={18} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </form>
  );
}
