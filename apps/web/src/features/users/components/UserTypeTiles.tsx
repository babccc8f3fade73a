/**
 * The user type as three tiles (000 §3.7, §4.5): Console Admin, Request Admin and Wayguard User, each
 * saying what the type may do. A radio group: one tab stop, arrow keys move the choice.
 */
import { useId } from 'react';
import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { USER_TYPE_OPTIONS } from '../lib/user-types';

type Props = {
  value: string;
  onChange: (typeId: string) => void;
  onBlur: () => void;
  label?: string;
};

export function UserTypeTiles({ value, onChange, onBlur, label = 'User type' }: Props) {
  const labelId = useId();
  const name = useId();
  return (
    <Stack gap={6}>
      <Text id={labelId} size="sm" fw={500}>
        {label}
      </Text>
      <SimpleGrid role="radiogroup" aria-labelledby={labelId} cols={{ base: 1, sm: 3 }} spacing="sm" onBlur={onBlur}>
        {USER_TYPE_OPTIONS.map((t) => {
          const checked = value === String(t.id);
          return (
            <Radio.Card
              key={t.id}
              name={name}
              value={String(t.id)}
              checked={checked}
              tabIndex={checked ? 0 : -1}
              onClick={() => onChange(String(t.id))}
              p="sm"
              radius="md"
              // A button centres its content; the tiles line up at the top however long their text.
              style={{ display: 'flex', alignItems: 'flex-start' }}
            >
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator checked={checked} aria-hidden="true" mt={2} />
                <div>
                  <Text fw={600} size="sm">
                    {t.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t.description}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
